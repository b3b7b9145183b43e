//! Not yet written: a stand-in that the table checks refuse.

use crate::Lang;

pub const LANG: Lang = Lang { code: "ar", ..crate::lang::en::LANG };
