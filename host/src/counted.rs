//! Counts in the service's English messages, with the noun in the right number ("1 credit",
//! "2 credits"), so no message says "1 credits".

/// `n` followed by `noun`, plural (with an `s`) unless `n` is one.
pub fn counted(n: impl Into<i128>, noun: &str) -> String {
    let n = n.into();
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u32, "credit"), "1 credit");
        assert_eq!(counted(0i64, "credit"), "0 credits");
        assert_eq!(counted(-1i64, "credit"), "-1 credits");
        assert_eq!(counted(25u64, "request"), "25 requests");
    }
}
