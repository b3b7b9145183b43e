//! Dates: Unix milliseconds as UTC calendar text (ISO 8601 for programs, minutes for people),
//! by the civil-from-days arithmetic, so no date crate is needed.

/// `ms` as (year, month, day, seconds into the day).
fn civil(ms: i64) -> (i64, i64, i64, i64) {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day, rest)
}

/// `ms` as `YYYY-MM-DD HH:MM`, for pages.
pub fn utc_minutes(ms: i64) -> String {
    let (year, month, day, rest) = civil(ms);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}", rest / 3600, rest % 3600 / 60)
}

/// `ms` as an ISO 8601 / RFC 3339 timestamp in UTC with milliseconds: `2026-11-22T02:22:05.678Z`.
pub fn iso8601(ms: i64) -> String {
    let (year, month, day, rest) = civil(ms);
    let (h, m, s) = (rest / 3600, rest % 3600 / 60, rest % 60);
    format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}.{:03}Z", ms.rem_euclid(1000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_print_as_utc_dates() {
        assert_eq!(utc_minutes(0), "1970-01-01 00:00");
        assert_eq!(utc_minutes(1_795_314_125_678), "2026-11-22 02:22");
        assert_eq!(utc_minutes(951_782_400_000), "2000-02-29 00:00");
        assert_eq!(iso8601(1_795_314_125_678), "2026-11-22T02:22:05.678Z");
        assert_eq!(iso8601(-1), "1969-12-31T23:59:59.999Z");
    }
}
