-- The console's search by device ID: the players the device is bound to, and those whose last
-- login came from it. In PL/pgSQL so each connection plans the query once and reuses the plan:
-- planning the two-branch query cost more than running it, and this search is on the support
-- desk's hot path (bench players-search-deviceId).
CREATE FUNCTION players_by_device(device text) RETURNS SETOF players
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT p.* FROM players p
    WHERE p.id IN (
      SELECT b.user_id FROM player_devices b WHERE b.device_id = device
      UNION ALL
      (SELECT l.id FROM players l WHERE l.device_id = device LIMIT 100)
    );
END
$$;
