ALTER TABLE "gift_code_counters" DROP CONSTRAINT "gift_code_counters_batch_id_gift_code_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" DROP CONSTRAINT "gift_code_redemptions_batch_id_gift_code_batches_id_fk";--> statement-breakpoint
-- A redemption costs less (bench giftcode-redeem):
-- * the batch's foreign keys are gone (above). A redemption statement changes a counter slot many
--   times in one transaction, so the key's check ran again for each, share-locking the batch's one
--   row from each redemption's subtransaction; those lockers piled into a multixact that every
--   read of the batch then unpacked. Batches are never deleted (they are disabled).
-- * the player's log gets one event per redemption (`giftCode`, with the batch, the code and the
--   rewards) instead of a `rewards` event and a `giftCode` one;
-- * "used up" is found by the counter's own guard, without first summing the slots;
-- * the redemptions a statement carries (`gift_code_redeem_many`) are checked one by one, then
--   written together: one counter update per batch, one insert of redemptions, one update of the
--   players, one insert of events.
-- The one reward path now names the event it logs (the caller's type and data, plus the rewards),
-- and its new resources are one expression, `rewarded_state`, which the joint writes use too.
DROP FUNCTION apply_rewards(bigint, jsonb, jsonb, timestamptz, numeric);--> statement-breakpoint
DROP FUNCTION gift_code_redeem_many(jsonb, jsonb, numeric);--> statement-breakpoint
-- The one reward path (players/service.ts applyRewards calls it; gift_code_redeem too): add the
-- rewards to the player's resources, raise the save count (the game's copy is now stale) and log
-- the event `p_event` with `p_data` and the rewards. Answers the new save count, or null for no
-- such player.
CREATE FUNCTION apply_rewards(p_user bigint, p_rewards jsonb, p_event text, p_data jsonb, p_now timestamptz, p_max numeric)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_save integer;
BEGIN
  UPDATE players SET
    state = jsonb_set(state, '{resources}', coalesce(state->'resources', '{}'::jsonb) || coalesce((
      SELECT jsonb_object_agg(r.kind, least(p_max, coalesce((state->'resources'->>r.kind)::numeric, 0) + r.amount))
      FROM (SELECT e->>'kind' AS kind, sum((e->>'amount')::numeric) AS amount
            FROM jsonb_array_elements(p_rewards) e GROUP BY 1) r), '{}'::jsonb)),
    save_count = save_count + 1,
    updated_at = p_now
  WHERE id = p_user
  RETURNING save_count INTO v_save;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO player_events (user_id, type, data, at)
    VALUES (p_user, p_event, p_data || jsonb_build_object('rewards', p_rewards), p_now);
  RETURN v_save;
END $$;--> statement-breakpoint
-- What the checks of a redemption found: a refusal (`answer`), or the batch to write to, its
-- rewards and how often this player redeemed it so far.
CREATE TYPE gift_code_verdict AS (answer jsonb, batch_id integer, rewards jsonb, mine integer);--> statement-breakpoint
-- The checks of a redemption, reads only, in the order giftcodes/redeem.ts documents. Refusals
-- are answered as {status, batchId?, at?}; `p_eligible` is the caller's verdict on the batch's
-- conditions (the condition engine runs in the server): null asks, and a batch with conditions
-- then answers {status: 'conditions'}.
CREATE FUNCTION gift_code_check(p_user bigint, p_code text, p_unique boolean, p_now timestamptz, p_ip text,
  p_channel text, p_eligible boolean, p_throttle jsonb)
RETURNS gift_code_verdict LANGUAGE plpgsql AS $$
DECLARE
  pl record;
  c gift_codes%ROWTYPE;
  v_window interval := ((p_throttle->>'windowMs')::bigint * interval '1 millisecond');
BEGIN
  -- One read: the player, the batch (by its shared code, or by the unique code's row), the
  -- throttle's end and how often this player redeemed it.
  IF p_unique THEN
    SELECT * INTO c FROM gift_codes WHERE code = p_code;
  END IF;
  SELECT p.status, p.frozen_until, p.frozen_reason, p.blacklisted, p.os,
    (SELECT max(a.window_start + v_window) FROM gift_code_attempts a
      WHERE a.key IN ('p:' || p_user, 'ip:' || p_ip) AND a.window_start + v_window > p_now
        AND a.failures >= CASE WHEN a.key LIKE 'p:%' THEN (p_throttle->>'perPlayer')::int
                               ELSE (p_throttle->>'perIp')::int END) AS throttled_until,
    g.id AS batch_id, g.enabled, g.start_at, g.end_at, g.platforms, g.channels, g.conditions, g.per_player_limit,
    g.total_limit, g.disabled_codes, g.rewards,
    (SELECT count(*) FROM gift_code_redemptions r WHERE r.batch_id = g.id AND r.user_id = p_user) AS mine
  INTO pl
  FROM players p
  LEFT JOIN gift_code_batches g ON g.id = CASE WHEN p_unique THEN c.batch_id
                                           ELSE (SELECT id FROM gift_code_batches WHERE shared_code = p_code) END
  WHERE p.id = p_user;
  IF NOT FOUND THEN
    RETURN ROW(jsonb_build_object('status', 'noPlayer'), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  -- players/service.ts isFrozen: a freeze counts while its end has not passed.
  IF pl.status = 'frozen' AND (pl.frozen_until IS NULL OR pl.frozen_until > p_now) THEN
    RETURN ROW(jsonb_build_object('status', 'frozen', 'reason', pl.frozen_reason, 'until', pl.frozen_until), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF pl.throttled_until IS NOT NULL THEN
    RETURN ROW(jsonb_build_object('status', 'throttled', 'at', pl.throttled_until), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF pl.batch_id IS NULL THEN
    RETURN ROW(jsonb_build_object('status', 'unknown'), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF NOT pl.enabled OR c.disabled_at IS NOT NULL THEN
    RETURN ROW(jsonb_build_object('status', 'disabled', 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF p_now < pl.start_at THEN
    RETURN ROW(jsonb_build_object('status', 'notStarted', 'batchId', pl.batch_id, 'at', pl.start_at), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF p_now >= pl.end_at THEN
    RETURN ROW(jsonb_build_object('status', 'expired', 'batchId', pl.batch_id, 'at', pl.end_at), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF pl.blacklisted THEN
    RETURN ROW(jsonb_build_object('status', 'blacklisted', 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF (jsonb_array_length(pl.platforms) > 0 AND NOT pl.platforms ? coalesce(pl.os, ''))
     OR (jsonb_array_length(pl.channels) > 0 AND NOT pl.channels ? coalesce(p_channel, '')) THEN
    RETURN ROW(jsonb_build_object('status', 'notEligible', 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF jsonb_array_length(pl.conditions) > 0 THEN
    IF p_eligible IS NULL THEN
      RETURN ROW(jsonb_build_object('status', 'conditions', 'batchId', pl.batch_id, 'conditions', pl.conditions), NULL, NULL, NULL)::gift_code_verdict;
    ELSIF NOT p_eligible THEN
      RETURN ROW(jsonb_build_object('status', 'notEligible', 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
    END IF;
  END IF;
  IF c.used_by IS NOT NULL THEN
    RETURN ROW(jsonb_build_object('status', CASE WHEN c.used_by = p_user THEN 'alreadyRedeemed' ELSE 'alreadyUsed' END, 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  -- A code a comeback mail handed to a player is that player's alone.
  IF c.assigned_to IS NOT NULL AND c.assigned_to <> p_user THEN
    RETURN ROW(jsonb_build_object('status', 'alreadyUsed', 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  IF pl.mine >= pl.per_player_limit THEN
    RETURN ROW(jsonb_build_object('status', 'alreadyRedeemed', 'batchId', pl.batch_id), NULL, NULL, NULL)::gift_code_verdict;
  END IF;
  RETURN ROW(NULL, pl.batch_id, pl.rewards, pl.mine)::gift_code_verdict;
END $$;--> statement-breakpoint
-- One redemption: the checks (`gift_code_check`), then the writes, each with its guard.
CREATE OR REPLACE FUNCTION gift_code_redeem(p_user bigint, p_code text, p_unique boolean, p_now timestamptz, p_ip text,
  p_channel text, p_eligible boolean, p_throttle jsonb, p_max numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v gift_code_verdict;
  v_room boolean;
  v_slot integer;
  v_save integer;
BEGIN
  v := gift_code_check(p_user, p_code, p_unique, p_now, p_ip, p_channel, p_eligible, p_throttle);
  IF v.answer IS NOT NULL THEN
    RETURN v.answer;
  END IF;
  -- The writes, each with its exact guard (a used-up batch is found by the counter's own guard,
  -- which refuses when no slot has room); locks are taken in this order (code, counter slot,
  -- the player's redemption, the player). A unique code is taken first: it is its own limit.
  IF p_unique THEN
    UPDATE gift_codes SET used_by = p_user, used_at = p_now
      WHERE code = p_code AND used_by IS NULL AND disabled_at IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'RK001', MESSAGE = 'alreadyUsed', DETAIL = v.batch_id::text;
    END IF;
  END IF;
  -- The counter: the first slot with room that no other transaction holds (its own it takes
  -- again), else each slot in turn, waiting for its holder. The UPDATE's own `claimed < quota`
  -- is the exact guard.
  UPDATE gift_code_counters SET claimed = claimed + 1
    WHERE batch_id = v.batch_id AND claimed < quota
      AND slot = (SELECT slot FROM gift_code_counters WHERE batch_id = v.batch_id AND claimed < quota
                  ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED);
  v_room := FOUND;
  IF NOT v_room THEN
    FOR v_slot IN SELECT slot FROM gift_code_counters WHERE batch_id = v.batch_id ORDER BY slot LOOP
      UPDATE gift_code_counters SET claimed = claimed + 1 WHERE batch_id = v.batch_id AND slot = v_slot AND claimed < quota;
      v_room := FOUND;
      EXIT WHEN v_room;
    END LOOP;
  END IF;
  IF NOT v_room THEN
    RAISE EXCEPTION USING ERRCODE = 'RK001', MESSAGE = 'usedUp', DETAIL = v.batch_id::text;
  END IF;
  INSERT INTO gift_code_redemptions (batch_id, user_id, seq, code, unique_code, rewards, redeemed_at, ip)
    VALUES (v.batch_id, p_user, v.mine + 1, p_code, CASE WHEN p_unique THEN p_code END, v.rewards, p_now, p_ip)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'RK001',
      MESSAGE = CASE WHEN p_unique THEN 'alreadyUsed' ELSE 'alreadyRedeemed' END, DETAIL = v.batch_id::text;
  END IF;
  v_save := apply_rewards(p_user, v.rewards, 'giftCode', jsonb_build_object('batchId', v.batch_id, 'code', p_code), p_now, p_max);
  RETURN jsonb_build_object('status', 'redeemed', 'batchId', v.batch_id, 'rewards', v.rewards, 'saveCount', v_save);
END $$;--> statement-breakpoint
-- Several redemptions in one statement (the server's redemption queue sends the calls waiting at
-- once); `p_items` is an array of {user, code, unique, now, ip, channel}, the answers come in the
-- same order. The shared-code redemptions of players named once in the statement are checked one
-- by one, then written together, with the exact guards of one:
-- * per batch, its k redemptions take k from one counter slot with room for all k (a slot's lock
--   then holds until commit); a batch with no such slot (near its limit) goes one by one below;
-- * the redemptions are inserted at once; one that meets the player's row of a concurrent
--   statement (the unique batch, player, seq) is answered "already redeemed" and gives its count
--   back to the slot it took;
-- * the players get their rewards in one update and their events in one insert.
-- Every other redemption (unique codes, a player named twice, a batch near its limit) runs as
-- `gift_code_redeem` in its own subtransaction, so a guard's refusal (RK001) rolls back that
-- redemption only and becomes its answer.
CREATE FUNCTION gift_code_redeem_many(p_items jsonb, p_throttle jsonb, p_max numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  answers jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_items)]);
  it record;
  v gift_code_verdict;
  g record;
  v_slot integer;
  one_by_one integer[] := '{}';
  -- The redemptions written together: item index, player, batch, seq, rewards, code, time, IP.
  w_i integer[] := '{}';
  w_user bigint[] := '{}';
  w_batch integer[] := '{}';
  w_seq integer[] := '{}';
  w_rewards jsonb[] := '{}';
  w_code text[] := '{}';
  w_at timestamptz[] := '{}';
  w_ip text[] := '{}';
  w_live boolean[] := '{}';
  slot_batch integer[] := '{}';
  slot_taken integer[] := '{}';
  granted bigint[];
  paid_user bigint[];
  paid_save integer[];
  v_i integer;
BEGIN
  FOR it IN
    SELECT (x.o - 1)::integer AS i, (x.e->>'user')::bigint AS usr, x.e->>'code' AS code,
      (x.e->>'unique')::boolean AS uniq, (x.e->>'now')::timestamptz AS at, x.e->>'ip' AS ip,
      x.e->>'channel' AS channel, count(*) OVER (PARTITION BY x.e->>'user') AS named
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(e, o)
    ORDER BY x.o
  LOOP
    IF it.uniq OR it.named > 1 THEN
      one_by_one := one_by_one || it.i;
      CONTINUE;
    END IF;
    v := gift_code_check(it.usr, it.code, false, it.at, it.ip, it.channel, NULL, p_throttle);
    IF v.answer IS NOT NULL THEN
      answers[it.i + 1] := v.answer;
    ELSE
      w_i := w_i || it.i;
      w_user := w_user || it.usr;
      w_batch := w_batch || v.batch_id;
      w_seq := w_seq || (v.mine + 1);
      w_rewards := w_rewards || v.rewards;
      w_code := w_code || it.code;
      w_at := w_at || it.at;
      w_ip := w_ip || it.ip;
      w_live := w_live || true;
    END IF;
  END LOOP;
  -- The counter: per batch, one slot with room for all of its redemptions here.
  FOR g IN SELECT b AS batch_id, count(*)::integer AS k FROM unnest(w_batch) AS b GROUP BY b LOOP
    UPDATE gift_code_counters SET claimed = claimed + g.k
      WHERE batch_id = g.batch_id AND claimed + g.k <= quota
        AND slot = (SELECT slot FROM gift_code_counters WHERE batch_id = g.batch_id AND claimed + g.k <= quota
                    ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING slot INTO v_slot;
    IF FOUND THEN
      slot_batch := slot_batch || g.batch_id;
      slot_taken := slot_taken || v_slot;
    ELSE
      FOR j IN 1..coalesce(array_length(w_i, 1), 0) LOOP
        IF w_batch[j] = g.batch_id THEN
          w_live[j] := false;
          one_by_one := one_by_one || w_i[j];
        END IF;
      END LOOP;
    END IF;
  END LOOP;
  -- The redemptions; a player's row already written by a concurrent statement is not.
  WITH ins AS (
    INSERT INTO gift_code_redemptions (batch_id, user_id, seq, code, unique_code, rewards, redeemed_at, ip)
      SELECT t.b, t.u, t.s, t.c, NULL, t.r, t.a, t.ip
      FROM unnest(w_batch, w_user, w_seq, w_code, w_rewards, w_at, w_ip, w_live) AS t(b, u, s, c, r, a, ip, live)
      WHERE t.live
      ON CONFLICT DO NOTHING
      RETURNING user_id)
  SELECT coalesce(array_agg(user_id), '{}') INTO granted FROM ins;
  FOR j IN 1..coalesce(array_length(w_i, 1), 0) LOOP
    IF w_live[j] AND NOT w_user[j] = ANY(granted) THEN
      w_live[j] := false;
      answers[w_i[j] + 1] := jsonb_build_object('status', 'alreadyRedeemed', 'batchId', w_batch[j]);
      UPDATE gift_code_counters SET claimed = claimed - 1
        WHERE batch_id = w_batch[j] AND slot = slot_taken[array_position(slot_batch, w_batch[j])];
    END IF;
  END LOOP;
  -- The rewards, through the one reward expression, and the events.
  WITH up AS (
    UPDATE players p SET state = jsonb_set(p.state, '{resources}', coalesce(p.state->'resources', '{}'::jsonb) || coalesce((
      SELECT jsonb_object_agg(r.kind, least(p_max, coalesce((p.state->'resources'->>r.kind)::numeric, 0) + r.amount))
      FROM (SELECT e->>'kind' AS kind, sum((e->>'amount')::numeric) AS amount
            FROM jsonb_array_elements(t.r) e GROUP BY 1) r), '{}'::jsonb)), save_count = p.save_count + 1, updated_at = t.a
      FROM unnest(w_user, w_rewards, w_at, w_live) AS t(u, r, a, live)
      WHERE p.id = t.u AND t.live
      RETURNING p.id, p.save_count)
  SELECT array_agg(id), array_agg(save_count) INTO paid_user, paid_save FROM up;
  INSERT INTO player_events (user_id, type, data, at)
    SELECT t.u, 'giftCode', jsonb_build_object('batchId', t.b, 'code', t.c, 'rewards', t.r), t.a
    FROM unnest(w_user, w_batch, w_code, w_rewards, w_at, w_live) AS t(u, b, c, r, a, live)
    WHERE t.live;
  FOR j IN 1..coalesce(array_length(w_i, 1), 0) LOOP
    IF w_live[j] THEN
      answers[w_i[j] + 1] := jsonb_build_object('status', 'redeemed', 'batchId', w_batch[j], 'rewards', w_rewards[j],
        'saveCount', paid_save[array_position(paid_user, w_user[j])]);
    END IF;
  END LOOP;
  -- The rest, one by one, each in its own subtransaction.
  FOREACH v_i IN ARRAY one_by_one LOOP
    SELECT (e->>'user')::bigint AS usr, e->>'code' AS code, (e->>'unique')::boolean AS uniq,
      (e->>'now')::timestamptz AS at, e->>'ip' AS ip, e->>'channel' AS channel
      INTO it FROM (SELECT p_items->v_i AS e) x;
    BEGIN
      answers[v_i + 1] := gift_code_redeem(it.usr, it.code, it.uniq, it.at, it.ip, it.channel, NULL, p_throttle, p_max);
    EXCEPTION WHEN SQLSTATE 'RK001' THEN
      answers[v_i + 1] := jsonb_build_object('status', SQLERRM);
    END;
  END LOOP;
  RETURN to_jsonb(answers);
END $$;
