-- Chest opens of distinct players drawn together (issue 43, `openChests`): for each planned open,
-- in player-id order, the player's row is locked and what the draw depended on is checked again
-- (a chest held, the drop table's version, the pity counter as read); then the chest is consumed
-- and the draw granted through apply_rewards and the counter kept. An open whose check fails is
-- left out of the answer (the caller decides it again alone). One statement for the whole batch,
-- its plans cached by PL/pgSQL.
CREATE OR REPLACE FUNCTION chest_open_apply(p_planned jsonb, p_now timestamptz, p_max numeric)
RETURNS TABLE (user_id bigint, held numeric, save_count integer) LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_held numeric;
BEGIN
  FOR v_item IN
    SELECT * FROM jsonb_to_recordset(p_planned)
      AS x(u bigint, k text, v text, prev int, c int, keep boolean, r jsonb, d jsonb)
    ORDER BY x.u
  LOOP
    SELECT coalesce((p.state->'resources'->>v_item.k)::numeric, 0) INTO v_held
      FROM players p WHERE p.id = v_item.u FOR UPDATE;
    CONTINUE WHEN NOT FOUND OR v_held < 1;
    CONTINUE WHEN (SELECT t.updated_at::text FROM chest_tables t WHERE t.kind = v_item.k) IS DISTINCT FROM v_item.v;
    CONTINUE WHEN (SELECT c.counter FROM chest_pity c WHERE c.user_id = v_item.u AND c.kind = v_item.k)
      IS DISTINCT FROM v_item.prev;
    IF v_item.keep THEN
      INSERT INTO chest_pity AS c (user_id, kind, counter) VALUES (v_item.u, v_item.k, v_item.c)
        ON CONFLICT ON CONSTRAINT chest_pity_user_id_kind_pk DO UPDATE SET counter = excluded.counter;
    END IF;
    user_id := v_item.u;
    held := v_held;
    save_count := apply_rewards(v_item.u, v_item.r, 'rewards', v_item.d, p_now, p_max);
    RETURN NEXT;
  END LOOP;
END
$$;
--> statement-breakpoint
-- What each planned open is drawn from: the chests held, the drop table and its version, the
-- pity counter (a PL/pgSQL function for its cached plan; the batch's first statement).
CREATE OR REPLACE FUNCTION chest_open_read(p_asked jsonb)
RETURNS TABLE (user_id bigint, held jsonb, drops jsonb, version text, counter integer) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
    SELECT p.id, p.state->'resources'->x.k, t.drops, t.updated_at::text,
      (SELECT c.counter FROM chest_pity c WHERE c.user_id = p.id AND c.kind = x.k)
    FROM jsonb_to_recordset(p_asked) AS x(u bigint, k text)
    JOIN players p ON p.id = x.u
    LEFT JOIN chest_tables t ON t.kind = x.k;
END
$$;
--> statement-breakpoint
-- Battle-pass claims sent together (issue 43, `claimMany`): each claim, in player order, as the
-- single claim's statement makes it — the running season, the level's reward on the track, the
-- player's level and premium, the claim row (nothing on conflict) and apply_rewards on what was
-- inserted. A claim not granted here (claimed before, or refused) is left out of the answer; the
-- caller runs it alone, which says which.
CREATE OR REPLACE FUNCTION battle_pass_claim_apply(p_claims jsonb, p_now timestamptz, p_max numeric)
RETURNS TABLE (i integer, season_id integer, rewards jsonb, claimed_at timestamptz, save_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  FOR c IN
    SELECT * FROM jsonb_to_recordset(p_claims) AS x(i integer, u bigint, pass text, level integer, track text)
    ORDER BY x.u, x.i
  LOOP
    -- No such player: left to the single claim, which says so.
    CONTINUE WHEN NOT EXISTS (SELECT 1 FROM players WHERE id = c.u);
    RETURN QUERY
      WITH s AS (
        SELECT b.id, b.levels FROM battle_pass_seasons b
        WHERE b.pass = c.pass AND b.start_at <= p_now AND b.end_at > p_now
        LIMIT 1
      ), d AS (
        SELECT s.id AS sid, s.levels -> (c.level - 1) AS def,
          (SELECT count(*) FROM jsonb_array_elements(s.levels) l WHERE (l->>'xp')::bigint <= coalesce(p.xp, 0)) AS reached,
          coalesce(p.premium, false) AS premium
        FROM s LEFT JOIN battle_pass_progress p ON p.user_id = c.u AND p.season_id = s.id
      ), ins AS (
        INSERT INTO battle_pass_claims AS bc (user_id, season_id, level, track, rewards, claimed_at)
        SELECT c.u, d.sid, c.level, c.track, d.def -> c.track, p_now
        FROM d
        WHERE c.level >= 1 AND d.def IS NOT NULL AND c.level <= d.reached
          AND (c.track = 'free' OR d.premium) AND jsonb_array_length(d.def -> c.track) > 0
        ON CONFLICT DO NOTHING
        RETURNING bc.season_id, bc.rewards, bc.claimed_at
      )
      SELECT c.i, ins.season_id, ins.rewards, ins.claimed_at,
        apply_rewards(c.u, ins.rewards, 'rewards',
          jsonb_build_object('source', jsonb_build_object('type', 'battlePass',
            'id', 'season ' || ins.season_id || ' level ' || c.level || ' ' || c.track)),
          p_now, p_max)
      FROM ins;
  END LOOP;
END
$$;
