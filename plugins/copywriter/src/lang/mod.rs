//! Every language's table, one module each, written by the rules of that language.

pub mod ar;
pub mod bn;
pub mod de;
pub mod en;
pub mod es;
pub mod fa;
pub mod fr;
pub mod hi;
pub mod id;
pub mod it;
pub mod ja;
pub mod ko;
pub mod ms;
pub mod nl;
pub mod pl;
pub mod pt;
pub mod ru;
pub mod sw;
pub mod th;
pub mod tr;
pub mod uk;
pub mod vi;
pub mod zh;

use crate::Lang;

/// Every table, English first.
pub const ALL: [&Lang; 23] = [
    &en::LANG,
    &es::LANG,
    &pt::LANG,
    &fr::LANG,
    &de::LANG,
    &it::LANG,
    &nl::LANG,
    &pl::LANG,
    &tr::LANG,
    &ru::LANG,
    &uk::LANG,
    &ar::LANG,
    &fa::LANG,
    &hi::LANG,
    &bn::LANG,
    &id::LANG,
    &ms::LANG,
    &vi::LANG,
    &th::LANG,
    &zh::LANG,
    &ja::LANG,
    &ko::LANG,
    &sw::LANG,
];

#[cfg(test)]
mod tests;
