//! The situations of some categories written natively in other languages than English, one
//! file a language, each chore in the grammar of its language's `{chore}` slots.

use super::Lines;

mod ar;
mod de;
mod es;
mod fr;
mod hi;
mod id;
mod it;
mod ja;
mod ko;
mod pt;
mod ru;
mod zh;

/// Each language with its categories' lines.
pub const ALL: &[(&str, &[(&str, Lines)])] = &[
    ("de", de::ALL),
    ("es", es::ALL),
    ("fr", fr::ALL),
    ("pt", pt::ALL),
    ("it", it::ALL),
    ("ja", ja::ALL),
    ("ko", ko::ALL),
    ("zh", zh::ALL),
    ("ar", ar::ALL),
    ("hi", hi::ALL),
    ("ru", ru::ALL),
    ("id", id::ALL),
];
