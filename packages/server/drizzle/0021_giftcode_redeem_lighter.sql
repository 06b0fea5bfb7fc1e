ALTER TABLE "gift_code_counters" DROP CONSTRAINT "gift_code_counters_batch_id_gift_code_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" DROP CONSTRAINT "gift_code_redemptions_batch_id_gift_code_batches_id_fk";--> statement-breakpoint
-- A redemption writes less (bench giftcode-redeem): the batch's foreign keys are gone (above; their
-- checks share-locked the batch's one row from every redemption), the player's log gets one
-- event (`giftCode`, with the batch, the code and the rewards) instead of a `rewards` event and a
-- `giftCode` one, and the counter's own guard says "used up" without first summing the slots.
-- The one reward path now names the event it logs: the caller's type and data, plus the rewards.
DROP FUNCTION apply_rewards(bigint, jsonb, jsonb, timestamptz, numeric);--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION gift_code_redeem(p_user bigint, p_code text, p_unique boolean, p_now timestamptz, p_ip text,
  p_channel text, p_eligible boolean, p_throttle jsonb, p_max numeric)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  pl record;
  c gift_codes%ROWTYPE;
  v_window interval := ((p_throttle->>'windowMs')::bigint * interval '1 millisecond');
  v_mine integer;
  v_room boolean;
  v_slot integer;
  v_save integer;
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
    RETURN jsonb_build_object('status', 'noPlayer');
  END IF;
  -- players/service.ts isFrozen: a freeze counts while its end has not passed.
  IF pl.status = 'frozen' AND (pl.frozen_until IS NULL OR pl.frozen_until > p_now) THEN
    RETURN jsonb_build_object('status', 'frozen', 'reason', pl.frozen_reason, 'until', pl.frozen_until);
  END IF;
  IF pl.throttled_until IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'throttled', 'at', pl.throttled_until);
  END IF;
  IF pl.batch_id IS NULL THEN
    RETURN jsonb_build_object('status', 'unknown');
  END IF;
  IF NOT pl.enabled OR c.disabled_at IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'disabled', 'batchId', pl.batch_id);
  END IF;
  IF p_now < pl.start_at THEN
    RETURN jsonb_build_object('status', 'notStarted', 'batchId', pl.batch_id, 'at', pl.start_at);
  END IF;
  IF p_now >= pl.end_at THEN
    RETURN jsonb_build_object('status', 'expired', 'batchId', pl.batch_id, 'at', pl.end_at);
  END IF;
  IF pl.blacklisted THEN
    RETURN jsonb_build_object('status', 'blacklisted', 'batchId', pl.batch_id);
  END IF;
  IF (jsonb_array_length(pl.platforms) > 0 AND NOT pl.platforms ? coalesce(pl.os, ''))
     OR (jsonb_array_length(pl.channels) > 0 AND NOT pl.channels ? coalesce(p_channel, '')) THEN
    RETURN jsonb_build_object('status', 'notEligible', 'batchId', pl.batch_id);
  END IF;
  IF jsonb_array_length(pl.conditions) > 0 THEN
    IF p_eligible IS NULL THEN
      RETURN jsonb_build_object('status', 'conditions', 'batchId', pl.batch_id, 'conditions', pl.conditions);
    ELSIF NOT p_eligible THEN
      RETURN jsonb_build_object('status', 'notEligible', 'batchId', pl.batch_id);
    END IF;
  END IF;
  IF c.used_by IS NOT NULL THEN
    RETURN jsonb_build_object('status', CASE WHEN c.used_by = p_user THEN 'alreadyRedeemed' ELSE 'alreadyUsed' END, 'batchId', pl.batch_id);
  END IF;
  -- A code a comeback mail handed to a player is that player's alone.
  IF c.assigned_to IS NOT NULL AND c.assigned_to <> p_user THEN
    RETURN jsonb_build_object('status', 'alreadyUsed', 'batchId', pl.batch_id);
  END IF;
  v_mine := pl.mine;
  IF v_mine >= pl.per_player_limit THEN
    RETURN jsonb_build_object('status', 'alreadyRedeemed', 'batchId', pl.batch_id);
  END IF;
  -- The writes, each with its exact guard (a used-up batch is found by the counter's own guard,
  -- which refuses when no slot has room); locks are taken in this order (code, counter slot,
  -- the player's redemption, the player). A unique code is taken first: it is its own limit.
  IF p_unique THEN
    UPDATE gift_codes SET used_by = p_user, used_at = p_now
      WHERE code = p_code AND used_by IS NULL AND disabled_at IS NULL;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'RK001', MESSAGE = 'alreadyUsed', DETAIL = pl.batch_id::text;
    END IF;
  END IF;
  -- The counter: the first slot with room that no other transaction holds (its own it takes
  -- again), else each slot in turn, waiting for its holder. The UPDATE's own `claimed < quota`
  -- is the exact guard.
  UPDATE gift_code_counters SET claimed = claimed + 1
    WHERE batch_id = pl.batch_id AND claimed < quota
      AND slot = (SELECT slot FROM gift_code_counters WHERE batch_id = pl.batch_id AND claimed < quota
                  ORDER BY slot LIMIT 1 FOR UPDATE SKIP LOCKED);
  v_room := FOUND;
  IF NOT v_room THEN
    FOR v_slot IN SELECT slot FROM gift_code_counters WHERE batch_id = pl.batch_id ORDER BY slot LOOP
      UPDATE gift_code_counters SET claimed = claimed + 1 WHERE batch_id = pl.batch_id AND slot = v_slot AND claimed < quota;
      v_room := FOUND;
      EXIT WHEN v_room;
    END LOOP;
  END IF;
  IF NOT v_room THEN
    RAISE EXCEPTION USING ERRCODE = 'RK001', MESSAGE = 'usedUp', DETAIL = pl.batch_id::text;
  END IF;
  INSERT INTO gift_code_redemptions (batch_id, user_id, seq, code, unique_code, rewards, redeemed_at, ip)
    VALUES (pl.batch_id, p_user, v_mine + 1, p_code, CASE WHEN p_unique THEN p_code END, pl.rewards, p_now, p_ip)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'RK001',
      MESSAGE = CASE WHEN p_unique THEN 'alreadyUsed' ELSE 'alreadyRedeemed' END, DETAIL = pl.batch_id::text;
  END IF;
  v_save := apply_rewards(p_user, pl.rewards, 'giftCode', jsonb_build_object('batchId', pl.batch_id, 'code', p_code), p_now, p_max);
  RETURN jsonb_build_object('status', 'redeemed', 'batchId', pl.batch_id, 'rewards', pl.rewards, 'saveCount', v_save);
END $$;
