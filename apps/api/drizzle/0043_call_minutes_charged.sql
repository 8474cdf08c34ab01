-- The minutes a day's calls were charged, each call by the started minute: the summaries add these up,
-- as a customer adding up the records would, where the seconds summed and floored gave fewer. The import
-- writes them from now on (the domain's chargedMinutes); the days stored before are summed here from
-- their records, by the same rule.
ALTER TABLE "usage_daily" ADD COLUMN "minutes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE usage_daily d SET minutes = c.minutes
  FROM (SELECT line_id, ((started_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day,
               coalesce(direction, '') AS direction, scope, country, sum(ceil(greatest(volume, 0) / 60.0))::bigint AS minutes
          FROM usage_records WHERE kind = 'voice'
         GROUP BY 1, 2, 3, 4, 5) c
 WHERE d.kind = 'voice' AND d.line_id = c.line_id AND d.day = c.day AND d.direction = c.direction
   AND d.scope = c.scope AND d.country = c.country;
