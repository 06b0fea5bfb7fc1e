import { announcementResource, announcementSchema } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import {
  againstPlayerRead,
  answerJson,
  assertRight,
  BENCH_CONCURRENCY,
  benchGameApp,
  benchPlayerCount,
  benchSeconds,
  onSeededPlayers,
  saveBenchItems,
} from './harness.js';

/**
 * `announcements-fetch`: throughput of the game's announcements fetch
 * (`GET /api/game/v1/players/:userId/announcements`) with 50 active announcements (login pop-ups,
 * notice-board entries and marquees; 20 with targeting conditions on country, OS, language or app
 * version; rich-text bodies in zh-CN and en-US; 30 inside a window, 20 open) over BENCH_PLAYERS
 * players (default 200,000), against the game API's primary-key player read in the same run,
 * both asked with `accept-encoding: gzip` as a game server's client does. Answers checked before
 * anything is timed: each sampled player gets exactly the announcements whose conditions they
 * meet (worked out here from the player's row, not by the server's engine), highest priority
 * first, in their language (English for an `en-*` player, else Chinese). Target ratio ≥ 0.8 on
 * PGlite and PostgreSQL.
 */

const SECONDS = benchSeconds(10);
const kinds = ['noticeBoard', 'marquee', 'loginPopup'] as const;

/** What a sampled player's row says about the rules the fixtures use. */
interface Player {
  id: number;
  os: string;
  country: string;
  language: string;
  version: number[];
}
type Rule = { attr: string; op: string; value: unknown };
const versionOf = (v: string) => [...v.split('.').map(Number), 0, 0, 0].slice(0, 3);
/** -1, 0 or 1 as version `a` is below, equal to or above `b`. */
function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1)
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return Math.sign((a[i] ?? 0) - (b[i] ?? 0));
  return 0;
}

/** The i-th announcement's rules: 20 of the 50 have some. */
function rulesOf(i: number): Rule[] {
  switch (i % 5) {
    case 1:
      return [
        {
          attr: 'country',
          op: 'include',
          value: [
            ['CN', 'TW'],
            ['US', 'GB'],
            ['JP', 'KR', 'DE'],
          ][i % 3],
        },
      ];
    case 2:
      return [{ attr: 'os', op: 'equal', value: i % 2 ? 'ios' : 'android' }];
    case 3:
      return i % 2
        ? [{ attr: 'appVersion', op: 'gte', value: '1.2.5' }]
        : [
            { attr: 'appLanguage', op: 'exclude', value: ['ja', 'ko'] },
            { attr: 'os', op: 'equal', value: 'android' },
          ];
    default:
      return [];
  }
}

/** Whether the player meets a rule, read off their row (the rules above only). */
function meets(p: Player, r: Rule): boolean {
  switch (r.attr) {
    case 'country':
      return (r.value as string[]).includes(p.country);
    case 'os':
      return p.os === r.value;
    case 'appVersion':
      return cmp(p.version, versionOf(String(r.value))) >= 0;
    case 'appLanguage':
      return !(r.value as string[]).includes(p.language.split('-')[0]);
    default:
      throw new Error(`no check for ${r.attr}`);
  }
}

export function announcementFixtures() {
  return Array.from({ length: 50 }, (_, i) =>
    announcementSchema.parse({
      id: i + 1,
      kind: kinds[i % 3],
      titleZh: `公告 ${i + 1}：冰雪节活动`,
      titleEn: `Notice ${i + 1}: the ice festival`,
      bodyZh: `<p>亲爱的玩家，<b>冰雪节</b>从今天开始，持续七天。</p><ul><li>每日登录领取奖励</li><li>完成任务兑换企鹅</li></ul><p>详情见<a href="https://example.com/news/${i + 1}">活动页面</a>。</p>`,
      bodyEn: `<p>Dear player, the <b>ice festival</b> starts today and runs for seven days.</p><ul><li>Log in daily for rewards</li><li>Finish quests to trade for penguins</li></ul><p>See <a href="https://example.com/news/${i + 1}">the event page</a>.</p>`,
      imageUrl: i % 4 === 0 ? `https://cdn.example.com/banner/${i + 1}.png` : '',
      priority: (i * 37) % 11,
      conditions: rulesOf(i),
    }),
  );
}

export async function benchAnnouncementsFetch(): Promise<string> {
  const count = Number(process.env.BENCH_PLAYERS ?? Math.min(benchPlayerCount(), 200_000));
  return onSeededPlayers(count, async (database, ids) => {
    const docs = announcementFixtures();
    // 30 inside a window (from a day ago for a week), 20 without one: all 50 active now.
    const now = Date.now();
    await saveBenchItems(database, announcementResource, docs.slice(0, 30), {
      effectiveAt: new Date(now - 86_400_000).toISOString(),
      expireAt: new Date(now + 7 * 86_400_000).toISOString(),
    });
    await saveBenchItems(database, announcementResource, docs.slice(30));

    const game = await benchGameApp(database, ids, { acceptEncoding: 'gzip' });
    const { app, headers } = game;
    // Correct first: over a sample, each player's announcements are those their row meets, in their language.
    const sample = ids.slice(0, 200);
    const rows = (
      (await database.db.execute(
        sql`select id, os, country, language, app_version from players where id in (${sql.join(
          sample.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )) as unknown as {
        rows: { id: number | string; os: string; country: string; language: string; app_version: string }[];
      }
    ).rows;
    const languages = new Set<string>();
    let targeted = 0;
    for (const r of rows) {
      const p: Player = {
        id: Number(r.id),
        os: r.os,
        country: r.country,
        language: r.language,
        version: versionOf(r.app_version),
      };
      const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${p.id}/announcements`, headers });
      assertRight(res.statusCode === 200, `announcements of ${p.id}: ${res.statusCode}`);
      assertRight(res.headers['content-encoding'] === 'gzip', `announcements of ${p.id} gzipped`);
      const got = answerJson(res).data.announcements as { id: number; lang: string; title: string; priority: number }[];
      const expected = docs.filter((d) => d.conditions.every((rule) => meets(p, rule)));
      const lang = p.language.startsWith('en') ? 'en-US' : 'zh-CN';
      assertRight(
        got
          .map((a) => a.id)
          .sort((a, b) => a - b)
          .join() === expected.map((d) => d.id).join(),
        `player ${p.id} (${p.os} ${p.country} ${p.language} ${r.app_version}) got ${got.map((a) => a.id).join()}`,
      );
      for (const a of got) {
        const doc = docs[a.id - 1];
        assertRight(
          a.lang === lang && a.title === (lang === 'en-US' ? doc.titleEn : doc.titleZh),
          `${p.id} reads ${a.lang}`,
        );
      }
      assertRight(
        got.every((a, i) => i === 0 || got[i - 1].priority >= a.priority),
        `${p.id}'s announcements by priority`,
      );
      languages.add(lang);
      targeted += expected.length < 50 ? 1 : 0;
    }
    assertRight(
      rows.length === sample.length && languages.size === 2,
      `${rows.length} sampled, languages ${[...languages]}`,
    );
    assertRight(targeted > 0, 'no sampled player is left out of a targeted announcement');
    return await againstPlayerRead(
      'announcements-fetch',
      game,
      game.gameGet('/announcements'),
      SECONDS,
      `announcement fetches/s (50 active, 20 targeted, zh-CN and en-US, ${count} players, ${database.kind}, concurrency ${BENCH_CONCURRENCY}, accept-encoding: gzip)`,
    );
  });
}
