import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { foldName } from './names.js';

/**
 * Guilds and guild chat through the game API and the operators' tools (issue 45 items 1–2): the
 * guild rules, bad names and bad chat text refused with nothing written, chat refused while the
 * player is chat-banned and allowed after, the per-player rate, a deleted message never returns,
 * a guild's chat ban ends at its end time, disband mails the members.
 */

let ctx: TestContext;
const T0 = new Date('2026-07-01T10:00:00Z');
let nextPlayer = 70_000;

async function player() {
  nextPlayer += 1;
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, last_login_at, updated_at)
        values (${nextPlayer}, '{}'::jsonb, 'ios', 'US', now(), ${T0}, now())`,
  );
  return nextPlayer;
}

const G = (userId: number) => `/api/game/v1/players/${userId}/guild`;
const game = (method: string, url: string, body?: unknown, locale = 'en-US') => ctx.game(method, url, { body, locale });
async function ok(method: string, url: string, body?: unknown) {
  const res = await game(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}
const create = (userId: number, name: string, more: Record<string, unknown> = {}) =>
  game('POST', G(userId), { name, ...more });
const post = (userId: number, text: unknown, locale = 'en-US') => game('POST', `${G(userId)}/chat`, { text }, locale);
const read = async (userId: number) =>
  (await ok('GET', `${G(userId)}/chat?pageSize=100`)).list as { id: number; text: string }[];
const countRows = async (table: string) =>
  Number(
    (
      (await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(T0);
});
afterAll(() => ctx?.close());

describe('names', () => {
  it('folds case, width and lookalikes to one key', () => {
    expect(foldName('Dragons')).toBe(foldName('DRAGONS'));
    expect(foldName('Dragons')).toBe(foldName('Ｄｒａｇｏｎｓ'));
    expect(foldName('Dragons')).toBe(foldName('Drаgоns')); // Cyrillic а and о
    expect(foldName('Dragons')).not.toBe(foldName('Dragon'));
  });

  it('refuses empty, blank, too long, lookalike and filtered names in the caller language, writing nothing', async () => {
    const leader = await player();
    await ok('POST', G(leader), { name: 'Iron Wolves' });
    const other = await player();
    await ctx.adminOk('POST', '/api/v1/guild-name-filters', { word: 'badword' });
    const before = await ctx.fingerprint();
    const refusal = async (name: unknown, locale = 'en-US') => {
      const res = await game('POST', G(other), { name }, locale);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const json = res.json();
      return { status: res.statusCode, msg: (json.errors?.[0]?.message ?? json.msg) as string };
    };
    expect((await refusal('')).msg).toBe('Please enter the guild name');
    expect((await refusal('    ', 'zh-CN')).msg).toBe('请输入公会名称');
    expect((await refusal('x'.repeat(21))).status).toBe(400);
    expect((await refusal('iron wolves')).status).toBe(409);
    const lookalike = await refusal('Ιrοn Wοlves'); // Greek Iota and omicrons
    expect(lookalike.status).toBe(409);
    expect(lookalike.msg).toContain('is taken');
    expect((await refusal('ＩＲＯＮ ＷＯＬＶＥＳ')).status).toBe(409);
    const filtered = await refusal('The BАDWORD clan'); // Cyrillic А
    expect(filtered.status).toBe(400);
    expect(filtered.msg).toBe('The guild name contains a word that is not allowed: badword');
    expect((await refusal('a\u0000b')).status).toBe(400);
    expect((await refusal('ad\u200bmin')).status).toBe(400);
    expect(await ctx.fingerprint()).toEqual(before);
  });
});

describe('guild rules through the game API', () => {
  it('create, join open at once, request-only by accept, roles, kick, member limit, leave, disband', async () => {
    const [leader, a, b, c, d] = [await player(), await player(), await player(), await player(), await player()];
    const guild = await ok('POST', G(leader), { name: 'Penguin Pals', joinMode: 'open', memberLimit: 3 });
    expect(guild).toMatchObject({ name: 'Penguin Pals', memberCount: 1, leaderId: leader, memberLimit: 3 });
    expect((await create(leader, 'Second')).statusCode).toBe(409); // already in a guild

    expect((await ok('POST', `${G(a)}/join`, { guildId: guild.id })).state).toBe('joined');
    expect((await ok('GET', G(a))).role).toBe('member');
    expect((await ok('GET', `/api/game/v1/guilds/${guild.id}`)).memberCount).toBe(2);

    // Officers kick members but not other officers; members kick nobody.
    expect((await game('POST', `${G(a)}/kick`, { memberId: leader })).statusCode).toBe(403);
    await ok('POST', `${G(leader)}/role`, { memberId: a, role: 'officer' });
    await ok('POST', `${G(b)}/join`, { guildId: guild.id });
    // A member limit below the members it has is refused.
    const below = await game('POST', `${G(leader)}/settings`, { memberLimit: 2 });
    expect(below.statusCode).toBe(409);
    expect(below.json().msg).toBe('The member limit cannot be below the 3 members the guild has');
    // Full at 3.
    const full = await game('POST', `${G(c)}/join`, { guildId: guild.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().msg).toBe('The guild is full (3 members)');
    await ok('POST', `${G(a)}/kick`, { memberId: b });
    expect((await ok('GET', G(b))).guild).toBeNull();

    // Request-only from now on.
    await ok('POST', `${G(leader)}/settings`, { joinMode: 'request', memberLimit: 10 });
    expect((await ok('POST', `${G(c)}/join`, { guildId: guild.id })).state).toBe('requested');
    expect((await ok('GET', G(c))).requestedGuildId).toBe(guild.id);
    const seen = await ok('GET', G(a));
    expect(seen.requests.map((r: { userId: number }) => r.userId)).toEqual([c]);
    const accepted = await ok('POST', `${G(a)}/requests`, { requesterId: c, accept: true });
    expect(accepted.members.map((m: { userId: number }) => m.userId)).toContain(c);
    await ok('POST', `${G(d)}/join`, { guildId: guild.id });
    await ok('POST', `${G(leader)}/requests`, { requesterId: d, accept: false });
    expect((await ok('GET', G(d))).guild).toBeNull();
    expect((await game('POST', `${G(leader)}/requests`, { requesterId: d, accept: true })).statusCode).toBe(404);

    // The leader hands over before leaving; the new leader disbands.
    expect((await game('POST', `${G(leader)}/leave`)).statusCode).toBe(409);
    await ok('POST', `${G(leader)}/role`, { memberId: a, role: 'leader' });
    expect((await ok('GET', G(leader))).role).toBe('officer');
    expect((await ok('POST', `${G(leader)}/leave`)).disbanded).toBe(false);
    expect((await game('POST', `${G(c)}/disband`)).statusCode).toBe(403);
    await ok('POST', `${G(a)}/disband`);
    expect((await game('GET', `/api/game/v1/guilds/${guild.id}`)).statusCode).toBe(404);
    expect((await ok('GET', G(c))).guild).toBeNull();
    // The name is free again.
    await ok('POST', G(c), { name: 'penguin pals' });
  });

  it('lists guilds by name, newest first by keyset; unknown players and guilds are 404', async () => {
    for (const n of ['Alpha Squad', 'Alpha Team', 'Beta Crew']) {
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 1000));
      await ok('POST', G(await player()), { name: n });
    }
    const first = await ok('GET', '/api/game/v1/guilds?name=alpha&pageSize=1');
    expect(first.list.map((g: { name: string }) => g.name)).toEqual(['Alpha Team']);
    const second = await ok('GET', `/api/game/v1/guilds?name=alpha&pageSize=1&cursor=${first.nextCursor}`);
    expect(second.list.map((g: { name: string }) => g.name)).toEqual(['Alpha Squad']);
    expect((await game('GET', G(999_999))).statusCode).toBe(404);
    expect((await game('POST', `${G(await player())}/join`, { guildId: 999_999 })).statusCode).toBe(404);
  });
});

describe('guild chat', () => {
  it('stores text as sent, refuses NUL and 10 kB, pages by keyset', async () => {
    const leader = await player();
    await ok('POST', G(leader), { name: 'Chatters' });
    const markup = '<script>alert(1)</script> **bold** <b>hi</b>';
    const stored = (await post(leader, markup)).json().data;
    expect(stored.text).toBe(markup);
    const rows = await countRows('guild_messages');
    expect((await post(leader, 'a\u0000b')).statusCode).toBe(400);
    const big = await post(leader, 'x'.repeat(10_240));
    expect(big.statusCode).toBe(400);
    expect((await post(leader, '   ', 'zh-CN')).json().errors[0].message).toBe('请输入聊天内容');
    expect(await countRows('guild_messages')).toBe(rows);
    expect((await read(leader)).map((m) => m.text)).toEqual([markup]);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    await post(leader, 'second');
    const page = await ok('GET', `${G(leader)}/chat?pageSize=1`);
    expect(page.list[0].text).toBe('second');
    const next = await ok('GET', `${G(leader)}/chat?pageSize=1&cursor=${page.nextCursor}`);
    expect(next.list[0].text).toBe(markup);
    expect(next.nextCursor).toBeNull();
  });

  it('limits each player to 5 messages per 10 seconds', async () => {
    const leader = await player();
    await ok('POST', G(leader), { name: 'Fast Talkers' });
    for (let i = 0; i < 5; i++) expect((await post(leader, `m${i}`)).statusCode).toBe(200);
    const fast = await post(leader, 'too fast');
    expect(fast.statusCode).toBe(429);
    expect(fast.json().msg).toBe('Too fast: at most 5 messages every 10 seconds');
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 10_000));
    expect((await post(leader, 'later')).statusCode).toBe(200);
  });

  it('posts sent at once share statements yet each keeps its own rate, ban and guild', async () => {
    const leader = await player();
    const { id: guildId } = await ok('POST', G(leader), { name: 'Crowded Hall', joinMode: 'open' });
    const members = [await player(), await player(), await player(), await player()];
    for (const m of members) await ok('POST', `${G(m)}/join`, { guildId });
    const banned = members[3]!;
    const until = new Date(Date.now() + 60_000).toISOString();
    await ctx.adminOk('POST', '/api/v1/game-users/chat-ban', { userIds: [banned], until, reason: 'spam' });
    const outsider = await player();
    // The leader sends 7 at once, each member 2, the banned one and a player in no guild 1 each.
    const sent = [
      ...Array.from({ length: 7 }, (_, i) => ({ who: leader, text: `leader ${i}` })),
      ...members.slice(0, 3).flatMap((m) => [0, 1].map((i) => ({ who: m, text: `member ${m} ${i}` }))),
      { who: banned, text: 'banned' },
      { who: outsider, text: 'outsider' },
    ];
    const answers = await Promise.all(sent.map((p) => post(p.who, p.text)));
    const status = (who: number) =>
      answers
        .filter((_, i) => sent[i]!.who === who)
        .map((r) => r.statusCode)
        .sort();
    expect(status(leader)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    for (const m of members.slice(0, 3)) expect(status(m)).toEqual([200, 200]);
    expect(status(banned)).toEqual([403]);
    expect(answers[sent.findIndex((p) => p.who === outsider)]!.json().msg).toMatch(/guild/i);
    // Each stored message is its sender's, in the guild, with its own text; none twice.
    const stored = await read(leader);
    expect(stored).toHaveLength(11);
    const accepted = answers.flatMap((r, i) => (r.statusCode === 200 ? [{ ...r.json().data, sent: sent[i]! }] : []));
    for (const a of accepted) {
      expect(a).toMatchObject({ guildId, userId: a.sent.who, text: a.sent.text });
      expect(stored.find((m) => m.id === a.id)?.text).toBe(a.sent.text);
    }
    expect(new Set(accepted.map((a) => a.id)).size).toBe(11);
  });

  it('refuses a chat-banned player naming the ban end, and allows them after it', async () => {
    const leader = await player();
    await ok('POST', G(leader), { name: 'Quiet Ones' });
    // The chat-ban form checks its end against the wall clock; the service clock is behind it.
    const until = new Date(Date.now() + 60_000).toISOString();
    await ctx.adminOk('POST', '/api/v1/game-users/chat-ban', { userIds: [leader], until, reason: 'spam' });
    const refused = await post(leader, 'hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(`You are banned from chat until ${until}`);
    expect(await read(leader)).toEqual([]);
    ctx.clock.set(new Date(Date.parse(until) + 1000));
    expect((await post(leader, 'hello again')).statusCode).toBe(200);
  });

  it('a deleted message never returns to the game; the console still shows it marked', async () => {
    const leader = await player();
    const guild = await ok('POST', G(leader), { name: 'Deleters' });
    const keep = (await post(leader, 'keep me')).json().data;
    const gone = (await post(leader, 'rude words')).json().data;
    const found = await ctx.adminOk('GET', `/api/v1/guild-chat?guildId=${guild.id}&text=rude`);
    expect(found.list.map((m: { id: number }) => m.id)).toEqual([gone.id]);
    expect(await ctx.adminOk('POST', '/api/v1/guild-chat/delete', { ids: [gone.id], reason: 'abuse' })).toEqual({
      deleted: 1,
    });
    expect((await read(leader)).map((m) => m.id)).toEqual([keep.id]);
    const after = await ctx.adminOk('GET', `/api/v1/guild-chat?guildId=${guild.id}`);
    expect(after.list.find((m: { id: number }) => m.id === gone.id).deletedBy).toBe('admin');
    const log = await ctx.adminOk('GET', `/api/v1/system/log?target=guildMessage:${gone.id}`);
    expect(log.list.length).toBe(1);
  });

  it("a guild's chat ban closes its chat until its end time; a list ban hides it from the list", async () => {
    const leader = await player();
    const guild = await ok('POST', G(leader), { name: 'Banned Bunch' });
    const until = new Date(ctx.clock.now().getTime() + 600_000).toISOString();
    const past = await ctx.admin('POST', `/api/v1/guilds/${guild.id}/ban`, {
      kind: 'chat',
      until: new Date(ctx.clock.now().getTime() - 1000).toISOString(),
      reason: 'x',
    });
    expect(past.statusCode).toBe(400);
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/ban`, { kind: 'chat', until, reason: 'flood' });
    const closed = await post(leader, 'hi');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().msg).toBe(`This guild's chat is closed until ${until}`);
    expect((await ok('GET', G(leader))).guild.chatBannedUntil).toBe(until);
    ctx.clock.set(new Date(Date.parse(until)));
    expect((await post(leader, 'open again')).statusCode).toBe(200);

    const listed = async () =>
      (await ok('GET', '/api/game/v1/guilds?name=banned')).list.map((g: { id: number }) => g.id) as number[];
    expect(await listed()).toEqual([guild.id]);
    const listUntil = new Date(ctx.clock.now().getTime() + 600_000).toISOString();
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/ban`, { kind: 'list', until: listUntil, reason: 'name' });
    expect(await listed()).toEqual([]);
    const bans = await ctx.adminOk('GET', '/api/v1/guild-bans?kind=list');
    expect(bans.list.map((g: { id: number }) => g.id)).toContain(guild.id);
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/ban/lift`, { kind: 'list' });
    expect(await listed()).toEqual([guild.id]);
  });
});

describe('the operators tools', () => {
  it('search, rename, change the leader, remove a member, disband with mail: each audited and visible to the game', async () => {
    const [leader, a, b] = [await player(), await player(), await player()];
    const guild = await ok('POST', G(leader), { name: 'Rude Name' });
    await ok('POST', `${G(a)}/join`, { guildId: guild.id });
    await ok('POST', `${G(b)}/join`, { guildId: guild.id });

    const byName = await ctx.adminOk('GET', '/api/v1/guilds?search=rude');
    expect(byName.list.map((g: { id: number }) => g.id)).toEqual([guild.id]);
    const byId = await ctx.adminOk('GET', `/api/v1/guilds?search=${guild.id}`);
    expect(byId.list.map((g: { id: number }) => g.id)).toContain(guild.id);
    const detail = await ctx.adminOk('GET', `/api/v1/guilds/${guild.id}`);
    expect(detail.members.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [leader, 'leader'],
      [a, 'member'],
      [b, 'member'],
    ]);
    expect(detail.members[0].lastLoginAt).toBe(T0.toISOString());

    // A rename follows the game's rules.
    await ok('POST', G(await player()), { name: 'Taken Name' });
    expect((await ctx.admin('POST', `/api/v1/guilds/${guild.id}/rename`, { name: 'TAKEN name' })).statusCode).toBe(409);
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/rename`, { name: 'Nice Name', reason: 'rude' });
    expect((await ok('GET', `/api/game/v1/guilds/${guild.id}`)).name).toBe('Nice Name');

    expect((await ctx.admin('POST', `/api/v1/guilds/${guild.id}/remove-member`, { userId: leader })).statusCode).toBe(
      409,
    );
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/leader`, { userId: a });
    expect((await ok('GET', G(a))).role).toBe('leader');
    expect((await ok('GET', G(leader))).role).toBe('officer');
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/remove-member`, { userId: b });
    expect((await ok('GET', G(b))).guild).toBeNull();

    const mailboxBefore = (await ctx.gameRead(`/api/game/v1/players/${a}/mailbox`)).data;
    await ctx.adminOk('POST', `/api/v1/guilds/${guild.id}/disband`, { reason: 'abuse' });
    expect((await game('GET', `/api/game/v1/guilds/${guild.id}`)).statusCode).toBe(404);
    expect((await ok('GET', G(a))).guild).toBeNull();
    const mailbox = (await ctx.gameRead(`/api/game/v1/players/${a}/mailbox`)).data;
    expect(JSON.stringify(mailbox)).toContain('Nice Name');
    expect(JSON.stringify(mailboxBefore)).not.toContain('Nice Name');

    const log = await ctx.adminOk('GET', `/api/v1/system/log?target=guild:${guild.id}`);
    expect(log.list.map((e: { action: string }) => e.action).sort()).toEqual(
      ['changeGuildLeader', 'disbandGuild', 'removeGuildMember', 'renameGuild'].sort(),
    );
  });

  it('refuses a staff member without the edit permission', async () => {
    const reader = await ctx.userWithPermissions('guildReader', ['guildQuery', 'guildChatQuery']);
    const res = await ctx.call('POST', '/api/v1/guild-name-filters', { token: reader.token, body: { word: 'nope' } });
    expect(res.statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/v1/guilds', { token: reader.token })).statusCode).toBe(200);
  });
});
