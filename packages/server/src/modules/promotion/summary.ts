import type { PromotionSummary } from '@rookery/contracts';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows.js';
import { badRequest } from '../../platform/http/errors.js';
import { type Filter, filtersOf, utcDay } from './records.js';
import { promotionRecords } from './tables.js';

const DAY = 86_400_000;
/** Longest range the summary reads. */
const MAX_DAYS = 366;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Spend and installs of the filtered records by day, and revenue by install day: the delivered
 * orders, not refunded (a reversed refund counts again), of the players whose first login (their
 * install) was that UTC day, in the country asked for, or else in the countries the filtered
 * records name on that day. Per currency: no exchange rate source exists, so nothing is converted.
 */
export async function promotionSummary(db: Db, q: Filter, now: Date): Promise<PromotionSummary> {
  const end = q.end ?? utcDay(now);
  const begin = q.begin ?? addDays(end, -29);
  if (end < begin) throw badRequest('promotion.endBeforeBegin', 'end');
  if (Date.parse(end) - Date.parse(begin) >= MAX_DAYS * DAY) throw badRequest('promotion.rangeTooLong', 'begin');
  const r = promotionRecords;
  const where = and(...filtersOf({ ...q, begin, end }));
  const spent = await db
    .select({
      date: r.date,
      spend: sql<string>`sum(${r.spend})`,
      install: sql<string>`sum(${r.install})`,
    })
    .from(r)
    .where(where)
    .groupBy(r.date);

  const from = new Date(`${begin}T00:00:00Z`);
  const to = new Date(Date.parse(`${end}T00:00:00Z`) + DAY);
  // The countries revenue counts, by day: the one asked for, or those of the filtered records.
  const countries = q.country_code
    ? sql`p.country = ${q.country_code}`
    : sql`exists (select 1 from ${r} where ${where} and ${r.date} = (p.first_login_at at time zone 'UTC')::date and ${r.countryCode} = p.country)`;
  const revenueRows = rowsOf<{ date: string; currency: string; amount: string }>(
    await db.execute(sql`
    select to_char((p.first_login_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, o.currency,
           sum(o.price)::text as amount
    from orders o join players p on p.id = o.user_id
    where o.delivery_state = 'delivered' and (o.refund_state is null or o.refund_state = 'reversed')
      and o.price is not null and o.currency is not null
      and o.created_at >= ${from} and p.first_login_at >= ${from} and p.first_login_at < ${to}
      and ${countries}
    group by 1, 2`),
  );

  const byDay = new Map<string, { spend: number; install: number; revenue: Map<string, number> }>();
  for (let d = begin; d <= end; d = addDays(d, 1)) byDay.set(d, { spend: 0, install: 0, revenue: new Map() });
  for (const s of spent) {
    const day = byDay.get(s.date);
    if (day) Object.assign(day, { spend: Number(s.spend), install: Number(s.install) });
  }
  const totalsByCurrency = new Map<string, number>();
  for (const row of revenueRows) {
    const day = byDay.get(row.date);
    if (!day) continue;
    day.revenue.set(row.currency, Number(row.amount));
    totalsByCurrency.set(row.currency, (totalsByCurrency.get(row.currency) ?? 0) + Number(row.amount));
  }
  const currencies = [...totalsByCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  const money = (m: Map<string, number>) =>
    currencies.filter((c) => m.has(c)).map((currency) => ({ currency, amount: round(m.get(currency)!) }));
  const days = [...byDay].map(([date, d]) => ({
    date,
    spend: round(d.spend),
    install: d.install,
    revenue: money(d.revenue),
  }));
  return {
    currencies,
    totals: {
      spend: round(days.reduce((s, d) => s + d.spend, 0)),
      install: days.reduce((s, d) => s + d.install, 0),
      revenue: money(totalsByCurrency),
    },
    days,
  };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
