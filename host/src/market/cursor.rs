//! Marketplace cursors: where a page of listings ended, in which order, and the moment the
//! listing is read as of, as `<n|p>.<as of>.<sales>.<listed at>.<id>`. Clients pass it back
//! unchanged; the pattern below is the whole rule (so the API description states exactly what
//! is accepted), and the cursor's order is the walk's order whatever `sort` says.

use crate::error::Error;
use crate::rules::Text;
use crate::store::market::{Order, Position};

/// What a cursor is.
pub static CURSOR: Text = Text::new(
    1,
    120,
    Some(r"^[np]\.[0-9]{1,15}\.[0-9]{1,15}\.[0-9]{1,15}\.[A-Za-z0-9]{1,40}$"),
    ": a previous page's `nextCursor`, unchanged",
);

fn tag(order: Order) -> char {
    match order {
        Order::Newest => 'n',
        Order::Popular => 'p',
    }
}

/// The cursor of the page after `position`, in `order`.
pub fn encode(position: &Position, order: Order) -> String {
    let (sold, listed_at, id) = position.after.clone().unwrap_or((0, 0, String::new()));
    format!("{}.{}.{sold}.{listed_at}.{id}", tag(order), position.as_of)
}

/// The order and position a cursor names.
pub fn decode(cursor: &str) -> Result<(Order, Position), Error> {
    let invalid = || Error::bad_request("invalid_cursor", format!("`cursor` must be {}.", CURSOR.explain()));
    if !CURSOR.check(cursor) {
        return Err(invalid());
    }
    let parts: Vec<&str> = cursor.split('.').collect();
    let [sort, as_of, sold, listed_at, id] = parts[..] else { return Err(invalid()) };
    let order = if sort == "p" { Order::Popular } else { Order::Newest };
    let number = |n: &str| n.parse::<i64>().map_err(|_| invalid());
    let after = Some((number(sold)?, number(listed_at)?, id.to_string()));
    Ok((order, Position { as_of: number(as_of)?, after }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_the_order_and_position_it_was_made_from() {
        let position =
            Position { as_of: 1_700_000_000_000, after: Some((3, 1_699_999_999_000, "abcXYZ234567".into())) };
        for order in [Order::Newest, Order::Popular] {
            assert_eq!(decode(&encode(&position, order)).unwrap(), (order, position.clone()));
        }
    }

    #[test]
    fn a_cursor_is_accepted_exactly_when_it_matches_its_documented_pattern() {
        for good in ["n.5.0.4.abcdefgh", "p.1700000000000.999999999999999.1.x"] {
            assert!(decode(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "n.5.0.4",
            "x.5.0.4.abc",
            "n.-5.0.4.abc",
            "n.5.0.4.abc'd",
            "n.5.0.4.",
            "n.5.0.4.a.b",
            &"n.1.1.1.".repeat(20),
        ] {
            assert_eq!(decode(bad).unwrap_err().code(), "invalid_cursor", "{bad}");
        }
    }
}
