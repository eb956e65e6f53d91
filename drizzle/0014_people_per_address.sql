-- How many returning visitors (signed visitor cookies minted on an earlier São Paulo day) one network
-- (an IPv4 address or an IPv6 /64) has added to an ad's views, contacts or saves on a São Paulo day, so
-- that replayed cookies from one address add at most a bounded number of people (issue 32,
-- models/ad/people.server.ts). `day` is YYYYMMDD, `network` 48 bits of a keyed hash of the network (the
-- address itself is not stored), `counter` 'view' | 'contact' | 'save'. Only today's rows matter; older
-- days are swept with ad_view_days.
CREATE TABLE `ad_network_people` (
	`day` integer NOT NULL,
	`ad_id` integer NOT NULL,
	`network` integer NOT NULL,
	`counter` text NOT NULL,
	`people` integer NOT NULL,
	PRIMARY KEY (`day`, `ad_id`, `network`, `counter`)
) WITHOUT ROWID;
