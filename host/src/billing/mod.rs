//! Money: the credit ledger and the credit pack catalog. (x402 and SOL payments join here.)

pub mod credits;
pub mod packs;
