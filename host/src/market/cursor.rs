//! Marketplace cursors: where a page of listings ended and the moment the listing is read as
//! of, in an opaque URL-safe token. A token is checked in full (its order, every number, the
//! id's alphabet); anything else is a 400, never a silent first page.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};

use crate::error::Error;
use crate::store::market::{Order, Position};

const VERSION: &str = "c1";

fn tag(order: Order) -> &'static str {
    match order {
        Order::Newest => "n",
        Order::Popular => "p",
    }
}

/// The token for the page after `position`.
pub fn encode(position: &Position, order: Order) -> String {
    let (sold, listed_at, id) = position.after.clone().unwrap_or((0, 0, String::new()));
    URL_SAFE_NO_PAD.encode(format!("{VERSION}.{}.{}.{sold}.{listed_at}.{id}", tag(order), position.as_of))
}

/// The position a token names, for a page in `order`.
pub fn decode(token: &str, order: Order) -> Result<Position, Error> {
    let invalid =
        || Error::bad_request("invalid_cursor", "`cursor` must be a `nextCursor` of this listing, unchanged.");
    if token.len() > 200 {
        return Err(invalid());
    }
    let text = URL_SAFE_NO_PAD.decode(token).ok().and_then(|b| String::from_utf8(b).ok()).ok_or_else(invalid)?;
    let parts: Vec<&str> = text.split('.').collect();
    let [version, sort, as_of, sold, listed_at, id] = parts[..] else { return Err(invalid()) };
    if version != VERSION {
        return Err(invalid());
    }
    if sort != tag(order) {
        return Err(Error::bad_request("cursor_mismatch", "This `cursor` belongs to a listing in another `sort`."));
    }
    let number = |n: &str| n.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(invalid);
    let (as_of, sold, listed_at) = (number(as_of)?, number(sold)?, number(listed_at)?);
    if id.is_empty() || id.len() > 40 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(invalid());
    }
    Ok(Position { as_of, after: Some((sold, listed_at, id.to_string())) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_the_position_it_was_made_from() {
        let position =
            Position { as_of: 1_700_000_000_000, after: Some((3, 1_699_999_999_000, "abcXYZ234567".into())) };
        for order in [Order::Newest, Order::Popular] {
            assert_eq!(decode(&encode(&position, order), order).unwrap(), position);
        }
    }

    #[test]
    fn anything_but_an_unchanged_cursor_is_refused() {
        let good = encode(&Position { as_of: 5, after: Some((0, 4, "abcdefgh".into())) }, Order::Newest);
        assert_eq!(decode(&good, Order::Popular).unwrap_err().code(), "cursor_mismatch");
        let forged = |text: &str| URL_SAFE_NO_PAD.encode(text);
        for bad in [
            "".to_string(),
            "%%%".into(),
            good.chars().rev().collect(),
            forged("c1.n.5.0.4"),
            forged("c2.n.5.0.4.abcdefgh"),
            forged("c1.n.-5.0.4.abcdefgh"),
            forged("c1.n.5.0.4.abc'defgh"),
            forged("c1.n.5.0.4."),
            "A".repeat(300),
        ] {
            assert_eq!(decode(&bad, Order::Newest).unwrap_err().code(), "invalid_cursor", "{bad}");
        }
    }
}
