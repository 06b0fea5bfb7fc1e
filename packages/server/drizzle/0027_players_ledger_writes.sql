-- The resource ledger's writes (issue 42 item 6; decision 2026-11-28-resource-ledger).
-- The change of one player's resources as ledger rows: one per kind whose amount differs between
-- `p_before` and `p_after` (both `state->'resources'`; a missing kind or a value that is no number is 0).
CREATE FUNCTION ledger_diff(p_before jsonb, p_after jsonb)
RETURNS TABLE (kind text, delta numeric, balance numeric) LANGUAGE sql IMMUTABLE AS $$
  SELECT k.kind, a.v - b.v, a.v
  FROM (SELECT jsonb_object_keys(coalesce(p_before, '{}'::jsonb)) AS kind
        UNION SELECT jsonb_object_keys(coalesce(p_after, '{}'::jsonb))) k,
    LATERAL (SELECT CASE WHEN jsonb_typeof(p_before->k.kind) = 'number' THEN (p_before->>k.kind)::numeric ELSE 0 END AS v) b,
    LATERAL (SELECT CASE WHEN jsonb_typeof(p_after->k.kind) = 'number' THEN (p_after->>k.kind)::numeric ELSE 0 END AS v) a
  WHERE a.v <> b.v
$$;--> statement-breakpoint
-- The one ledger write (players/ledger.ts recordLedger calls it; apply_rewards too): the rows of
-- the change from `p_before` to `p_after` with their source, in the caller's transaction. Answers
-- how many rows it wrote.
CREATE FUNCTION ledger_record(p_user bigint, p_before jsonb, p_after jsonb, p_source text, p_source_id text, p_at timestamptz)
RETURNS integer LANGUAGE sql AS $$
  WITH ins AS (
    INSERT INTO resource_ledger (user_id, kind, delta, balance, source, source_id, at)
      SELECT p_user, d.kind, d.delta, d.balance, p_source, p_source_id, p_at FROM ledger_diff(p_before, p_after) d
      RETURNING 1)
  SELECT count(*)::integer FROM ins
$$;--> statement-breakpoint
-- The one reward path, now with its ledger rows: the player's row is locked and read first, the
-- new resources computed from it (the same capped sum as before), written, and the change
-- recorded. The source comes from the arguments: the caller's `{source: {type, id}}` (mail, purchase,
-- console grants…), else the event and its batch (gift codes).
CREATE OR REPLACE FUNCTION apply_rewards(p_user bigint, p_rewards jsonb, p_event text, p_data jsonb, p_now timestamptz, p_max numeric)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_old jsonb;
  v_new jsonb;
  v_save integer;
BEGIN
  SELECT coalesce(state->'resources', '{}'::jsonb) INTO v_old FROM players WHERE id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  v_new := v_old || coalesce((
    SELECT jsonb_object_agg(r.kind, least(p_max, coalesce((v_old->>r.kind)::numeric, 0) + r.amount))
    FROM (SELECT e->>'kind' AS kind, sum((e->>'amount')::numeric) AS amount
          FROM jsonb_array_elements(p_rewards) e GROUP BY 1) r), '{}'::jsonb);
  UPDATE players SET
    state = jsonb_set(state, '{resources}', v_new),
    save_count = save_count + 1,
    updated_at = p_now
  WHERE id = p_user
  RETURNING save_count INTO v_save;
  INSERT INTO player_events (user_id, type, data, at)
    VALUES (p_user, p_event, p_data || jsonb_build_object('rewards', p_rewards), p_now);
  INSERT INTO resource_ledger (user_id, kind, delta, balance, source, source_id, at)
    SELECT p_user, d.kind, d.delta, d.balance, coalesce(p_data->'source'->>'type', p_event),
      coalesce(p_data->'source'->>'id', p_data->>'batchId'), p_now
    FROM ledger_diff(v_old, v_new) d;
  RETURN v_save;
END $$;--> statement-breakpoint
-- Gift codes redeemed together: the same, with the ledger rows of the joint update.
CREATE OR REPLACE FUNCTION gift_code_redeem_many(p_items jsonb, p_throttle jsonb, p_max numeric)
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
  paid_res jsonb[];
  old_user bigint[];
  old_res jsonb[];
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
  -- The players' resources before (their rows locked in ID order), for the ledger.
  SELECT coalesce(array_agg(x.id), '{}'), coalesce(array_agg(x.res), '{}') INTO old_user, old_res FROM (
    SELECT p.id, coalesce(p.state->'resources', '{}'::jsonb) AS res FROM players p
    WHERE p.id IN (SELECT t.u FROM unnest(w_user, w_live) AS t(u, live) WHERE t.live)
    ORDER BY p.id FOR UPDATE) x;
  -- The rewards, through the one reward expression, and the events.
  WITH up AS (
    UPDATE players p SET state = jsonb_set(p.state, '{resources}', coalesce(p.state->'resources', '{}'::jsonb) || coalesce((
      SELECT jsonb_object_agg(r.kind, least(p_max, coalesce((p.state->'resources'->>r.kind)::numeric, 0) + r.amount))
      FROM (SELECT e->>'kind' AS kind, sum((e->>'amount')::numeric) AS amount
            FROM jsonb_array_elements(t.r) e GROUP BY 1) r), '{}'::jsonb)), save_count = p.save_count + 1, updated_at = t.a
      FROM unnest(w_user, w_rewards, w_at, w_live) AS t(u, r, a, live)
      WHERE p.id = t.u AND t.live
      RETURNING p.id, p.save_count, p.state->'resources' AS res)
  SELECT array_agg(id), array_agg(save_count), array_agg(res) INTO paid_user, paid_save, paid_res FROM up;
  -- Their ledger rows: one per resource changed, in the same statement's transaction.
  INSERT INTO resource_ledger (user_id, kind, delta, balance, source, source_id, at)
    SELECT t.u, d.kind, d.delta, d.balance, 'giftCode', t.b::text, t.a
    FROM unnest(w_user, w_batch, w_at, w_live) AS t(u, b, a, live)
    JOIN unnest(old_user, old_res) AS o(u, res) ON o.u = t.u
    JOIN unnest(paid_user, paid_res) AS n(u, res) ON n.u = t.u
    CROSS JOIN LATERAL ledger_diff(o.res, n.res) d
    WHERE t.live;
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
END $$;--> statement-breakpoint
-- Players who existed before the ledger: one opening row per resource they hold, at their last
-- change (the balance the ledger starts from).
INSERT INTO resource_ledger (user_id, kind, delta, balance, source, source_id, at)
  SELECT p.id, d.kind, d.delta, d.balance, 'opening', NULL, p.updated_at
  FROM players p CROSS JOIN LATERAL ledger_diff('{}'::jsonb, p.state->'resources') d;
