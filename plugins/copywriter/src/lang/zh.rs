//! Not yet written: a stand-in that the table checks refuse.

use crate::Lang;

pub const LANG: Lang = Lang { code: "zh", ..crate::lang::en::LANG };
