//! Every language's table, one module each, written by the rules of that language.

pub mod en;
pub mod es;
pub mod pt;
pub mod fr;
pub mod de;
pub mod it;
pub mod nl;
pub mod pl;
pub mod tr;
pub mod ru;
pub mod uk;
pub mod ar;
pub mod fa;
pub mod hi;
pub mod bn;
pub mod id;
pub mod ms;
pub mod vi;
pub mod th;
pub mod zh;
pub mod ja;
pub mod ko;
pub mod sw;

use crate::Lang;

/// Every table, English first.
pub const ALL: [&Lang; 23] = [&en::LANG, &es::LANG, &pt::LANG, &fr::LANG, &de::LANG, &it::LANG, &nl::LANG, &pl::LANG, &tr::LANG, &ru::LANG, &uk::LANG, &ar::LANG, &fa::LANG, &hi::LANG, &bn::LANG, &id::LANG, &ms::LANG, &vi::LANG, &th::LANG, &zh::LANG, &ja::LANG, &ko::LANG, &sw::LANG, ];

#[cfg(test)]
mod tests;
