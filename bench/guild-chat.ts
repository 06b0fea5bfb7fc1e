import { sql } from 'drizzle-orm';
import { chatQueue } from '../packages/server/src/modules/guilds/service.js';
import { alternatingThroughput, assertRight, gameWriteBench, log, resultLine } from './harness.js';

/**
 * `bench guild-chat`: guild chat posts per second across 1,000 guilds (the game API's path: the
 * group-commit queue, whose one statement per batch moves each member's rate window, reads the
 * guild's and the player's chat bans and inserts the messages), against raw single-row inserts into the same messages table through
 * the same database path, in alternating slices. Each call posts as the next seeded player, so no
 * player passes the rate limit while there are enough of them. Answers checked: every post
 * stored, in its player's guild. Target: ratio ≥ 0.5.
 */
export async function benchGuildChat(): Promise<string> {
  const { players, seconds, database, concurrency, clock, seed } = await gameWriteBench();
  const GUILDS = 1000;
  try {
    const seeded = await seed();
    const count = seeded.lastId - seeded.firstId + 1;
    assertRight(count >= GUILDS, `need at least ${GUILDS} players: raise BENCH_PLAYERS (${players})`);
    const now = clock.now();
    log(`${GUILDS} guilds of about ${Math.round(count / GUILDS)} players`);
    await database.db.execute(sql`
      insert into guilds (id, name, name_key, join_mode, member_limit, leader_id, created_at, updated_at)
      select g, 'Bench guild ' || g, 'bench guild ' || g, 'open', 100, ${seeded.firstId}::bigint + g - 1,
        ${now}::timestamptz, ${now}::timestamptz
      from generate_series(1, ${GUILDS}::int) g`);
    await database.db.execute(sql`select setval(pg_get_serial_sequence('guilds', 'id'), ${GUILDS}::int)`);
    await database.db.execute(sql`
      insert into guild_members (user_id, guild_id, role, joined_at)
      select id, ((id - ${seeded.firstId}::bigint) % ${GUILDS}::int) + 1,
        case when id - ${seeded.firstId}::bigint < ${GUILDS}::int then 'leader' else 'member' end, ${now}::timestamptz
      from players where id between ${seeded.firstId}::bigint and ${seeded.lastId}::bigint`);
    await database.db.execute(sql`vacuum analyze players, guilds, guild_members, guild_messages`);
    await database.db.execute(sql`checkpoint`);

    let next = 0;
    let raw = 0;
    const chats = chatQueue(database.db, database.kind);
    const refused: string[] = [];
    const postOne = async () => {
      const i = next++;
      try {
        const m = await chats.submit({ userId: seeded.firstId + (i % count), text: `hello ${i}`, now: clock.now() });
        if (m.guildId !== ((i % count) % GUILDS) + 1) refused.push(`wrong guild ${m.guildId}`);
      } catch (error) {
        refused.push((error as Error).message);
      }
    };
    const insertOne = () => {
      const i = raw++;
      return database.db.execute(
        sql`insert into guild_messages (guild_id, user_id, text, created_at)
            values (${(i % GUILDS) + 1}::int, ${seeded.firstId + (i % count)}::bigint, ${`raw ${i}`}::text, ${clock.now()}::timestamptz)`,
      );
    };
    log(`raw message inserts and chat posts across ${GUILDS} guilds, alternating for ${seconds} s each`);
    const measured = await alternatingThroughput(insertOne, postOne, seconds, concurrency);
    assertRight(
      refused.length === 0,
      `refused posts: ${refused.length} (${refused[0]}); raise BENCH_PLAYERS for fewer posts per player`,
    );
    const counted = (await database.db.execute(
      sql`select count(*)::int as n from guild_messages where text like 'hello %'`,
    )) as unknown as { rows: { n: number }[] };
    assertRight(Number(counted.rows[0]!.n) === next, `stored posts ${counted.rows[0]!.n}, calls ${next}`);
    return resultLine(
      'guild-chat',
      `${Math.round(measured.subject)} posts/s across ${GUILDS} guilds (${next} in all; ${database.kind}, ${concurrency} workers; median of ${measured.slices} alternating slices)`,
      measured.ratio,
      `raw message inserts ${Math.round(measured.baseline)}/s`,
    );
  } finally {
    await database.close();
  }
}
