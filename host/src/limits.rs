//! Rate limits as plain rules: the groups, their limits and the GCRA arithmetic a
//! [`Decision`] comes from (the counters' home is `limiter`).
//!
//! The limiter is a generic cell-rate algorithm: each bucket keeps one number, the theoretical
//! arrival time (TAT). It allows exactly `limit` calls in a burst and then one call every
//! `window / limit`, so "the 61st call within a minute" is refused regardless of where minute
//! boundaries fall. The arithmetic runs here, in one place; the stores only offer "read" and
//! "compare-and-set", which is what lets replicas share counters through PostgreSQL or Redis.

use std::sync::atomic::{AtomicU32, Ordering};

use serde::Serialize;
use utoipa::ToSchema;

/// A rate group: the spec's four keyed groups plus the three this service adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// Price lookups: 60 per minute per key.
    Pricing,
    /// Creating anything that costs money or work: 10 per minute per key.
    Create,
    /// Reading status and account state: 60 per minute per key.
    Status,
    /// Payment checks against the chain: 20 per minute per key.
    Check,
    /// Keyed routes outside the four groups: 120 per minute per key.
    Account,
    /// Generator uploads by brand admins: 5 per minute per key (each costs a compile).
    Upload,
    /// Public routes and unknown paths: 120 per minute per client address.
    Public,
}

impl Group {
    pub const ALL: [Group; 7] =
        [Group::Pricing, Group::Create, Group::Status, Group::Check, Group::Account, Group::Upload, Group::Public];

    pub fn name(self) -> &'static str {
        match self {
            Group::Pricing => "pricing",
            Group::Create => "create",
            Group::Status => "status",
            Group::Check => "check",
            Group::Account => "account",
            Group::Upload => "upload",
            Group::Public => "public",
        }
    }

    /// Calls allowed per window: the operator's override (`ASSET_RATE_LIMITS`), else the default.
    pub fn limit(self) -> u32 {
        match OVERRIDES[self as usize].load(Ordering::Relaxed) {
            0 => self.default_limit(),
            set => set,
        }
    }

    /// The spec's limit of the group.
    pub fn default_limit(self) -> u32 {
        match self {
            Group::Pricing | Group::Status => 60,
            Group::Create => 10,
            Group::Upload => 5,
            Group::Check => 20,
            Group::Account | Group::Public => 120,
        }
    }

    pub fn window_secs(self) -> u32 {
        60
    }

    /// Whether the group counts per key (or per client address).
    pub fn per_key(self) -> bool {
        self != Group::Public
    }
}

/// The operator's limits per group (0: the default), set once at start-up for the process.
static OVERRIDES: [AtomicU32; Group::ALL.len()] = [const { AtomicU32::new(0) }; Group::ALL.len()];

/// The largest limit a group may be given: one call per millisecond, the resolution of the
/// buckets' times (a larger one would make the interval between calls zero).
pub const MAX_PER_MINUTE: u32 = 60_000;

/// Sets the limits named in `specs` (`group=calls`, calls per minute, e.g. `check=100`); the
/// other groups keep their defaults.
pub fn set_limits(specs: &[String]) -> Result<(), String> {
    for cell in &OVERRIDES {
        cell.store(0, Ordering::Relaxed);
    }
    for spec in specs.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        let (group, calls) = parse_limit(spec)?;
        OVERRIDES[group as usize].store(calls, Ordering::Relaxed);
    }
    Ok(())
}

/// One `group=calls` setting.
fn parse_limit(spec: &str) -> Result<(Group, u32), String> {
    let (name, calls) = spec.split_once('=').ok_or_else(|| format!("rate limit `{spec}` is not group=calls"))?;
    let group = Group::ALL
        .into_iter()
        .find(|g| g.name() == name.trim())
        .ok_or_else(|| format!("rate limit `{spec}`: no group `{}`", name.trim()))?;
    let calls: u32 = calls
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=MAX_PER_MINUTE).contains(n))
        .ok_or_else(|| format!("rate limit `{spec}`: calls must be 1 to {MAX_PER_MINUTE} (per minute)"))?;
    Ok((group, calls))
}

/// The outcome of one call against a bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub allowed: bool,
    pub limit: u32,
    pub window_secs: u32,
    /// Calls left right now.
    pub remaining: u32,
    /// Seconds until the bucket is full again, or, when the call is refused, until the next
    /// call is allowed (the same wait as `retry_after_secs`, so the headers and the body agree).
    pub reset_secs: u64,
    /// Seconds until the next call is allowed (0 when allowed).
    pub retry_after_secs: u64,
}

impl Decision {
    /// The IETF draft's `RateLimit-Policy` and `RateLimit` fields and, when refused,
    /// `Retry-After`, as (lower-case name, value) pairs for a front end to send.
    pub fn fields(&self, group: &str) -> Vec<(&'static str, String)> {
        let mut fields = vec![
            ("ratelimit-policy", format!("\"{group}\";q={};w={}", self.limit, self.window_secs)),
            ("ratelimit", format!("\"{group}\";r={};t={}", self.remaining, self.reset_secs)),
        ];
        if !self.allowed {
            fields.push(("retry-after", self.retry_after_secs.to_string()));
        }
        fields
    }
}

/// One GCRA step: given the stored TAT (if any) and the time, the decision and the TAT to store.
pub fn gcra(stored_tat: Option<i64>, now_ms: i64, limit: u32, window_secs: u32) -> (Decision, i64) {
    let window = i64::from(window_secs) * 1000;
    let interval = (window / i64::from(limit.max(1))).max(1);
    // A stored TAT is never more than a window ahead of the clock that wrote it; further ahead,
    // the wall clock was stepped back, and the bucket counts as full rather than shut for as long
    // as the clock went back.
    let tat = stored_tat.map_or(now_ms, |t| t.clamp(now_ms, now_ms + window));
    let next_tat = tat + interval;
    let allowed = next_tat - now_ms <= window;
    let effective = if allowed { next_tat } else { tat };
    let remaining = ((window - (effective - now_ms)) / interval).max(0);
    let secs_ceil = |ms: i64| u64::try_from((ms.max(0) + 999) / 1000).unwrap_or(0);
    let retry_after_secs = if allowed { 0 } else { secs_ceil(next_tat - window - now_ms).max(1) };
    let decision = Decision {
        allowed,
        limit,
        window_secs,
        remaining: u32::try_from(remaining).unwrap_or(0),
        reset_secs: if allowed { secs_ceil(effective - now_ms) } else { retry_after_secs },
        retry_after_secs,
    };
    (decision, effective)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_stepped_back_leaves_a_full_bucket_not_a_closed_one() {
        let (_, mut tat) = gcra(None, 7_200_000, 10, 60);
        for _ in 0..9 {
            tat = gcra(Some(tat), 7_200_000, 10, 60).1;
        }
        assert!(!gcra(Some(tat), 7_200_000, 10, 60).0.allowed, "spent");
        // Two hours back: refused until one interval has passed, from the TAT pulled back.
        let (refused, pulled) = gcra(Some(tat), 0, 10, 60);
        assert!(!refused.allowed && refused.retry_after_secs <= 6, "{refused:?}");
        assert_eq!(pulled, 60_000, "stored, so the bucket refills from now");
        assert!(gcra(Some(pulled), 6_000, 10, 60).0.allowed, "not shut for two hours");
    }

    #[test]
    fn limits_are_whole_calls_per_minute_up_to_one_per_millisecond() {
        assert_eq!(parse_limit(" create = 60000 "), Ok((Group::Create, 60_000)));
        for bad in ["create=60001", "create=0", "create=-1", "create=1.5", "create", "nosuch=5"] {
            assert!(parse_limit(bad).is_err(), "{bad}");
        }
        // The largest limit still spaces calls one millisecond apart.
        let (first, tat) = gcra(None, 5_000, MAX_PER_MINUTE, 60);
        let (second, _) = gcra(Some(tat), 5_000, MAX_PER_MINUTE, 60);
        assert!(first.allowed && second.allowed && second.remaining < first.remaining);
    }

    #[test]
    fn a_burst_of_limit_calls_passes_and_the_next_is_refused() {
        let mut tat = None;
        for call in 1..=60 {
            let (d, next) = gcra(tat, 1_000_000, 60, 60);
            assert!(d.allowed, "call {call} should pass");
            assert_eq!(d.remaining, 60 - call);
            tat = Some(next);
        }
        let (d, next) = gcra(tat, 1_000_000, 60, 60);
        assert!(!d.allowed);
        assert_eq!(d.remaining, 0);
        assert_eq!(d.retry_after_secs, 1);
        assert_eq!(Some(next), tat, "a refused call does not consume");
    }

    #[test]
    fn capacity_returns_at_the_emission_rate() {
        let (_, mut tat) = gcra(None, 0, 10, 60);
        for _ in 1..10 {
            tat = gcra(Some(tat), 0, 10, 60).1;
        }
        assert!(!gcra(Some(tat), 0, 10, 60).0.allowed);
        assert!(!gcra(Some(tat), 5_999, 10, 60).0.allowed);
        let (later, _) = gcra(Some(tat), 6_000, 10, 60);
        assert!(later.allowed, "one call frees up every 6 s at 10/min");
        assert_eq!(later.remaining, 0);
    }

    #[test]
    fn headers_follow_the_ietf_draft() {
        let (d, _) = gcra(None, 0, 60, 60);
        let fields = d.fields("status");
        assert_eq!(fields[0], ("ratelimit-policy", "\"status\";q=60;w=60".to_string()));
        assert_eq!(fields[1], ("ratelimit", "\"status\";r=59;t=1".to_string()));
        assert_eq!(fields.len(), 2, "no Retry-After while allowed");
    }
}
