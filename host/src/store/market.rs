//! Queries of the agent marketplace: listings (a page for sale, named by the job that makes it,
//! so a listing is written before its page and shown only once the page exists) and their
//! sales (one per buyer and listing, ever: the unique pair decides every race).

use sqlx::{AnyConnection, Row, any::AnyRow};

use super::engine::Beat;
use super::{Db, now_ms};

/// A listing to record.
pub struct NewListing<'a> {
    pub id: &'a str,
    pub seller_key_id: i64,
    /// The job that makes its page (`engine_pages.job_id`).
    pub job_id: &'a str,
    pub kind: &'a str,
    pub language: &'a str,
    pub brand: Option<&'a str>,
    pub title: &'a str,
    pub price: i64,
}

/// The page of a listing, once it is made: what a preview shows.
#[derive(Debug, Clone)]
pub struct ListedPage {
    pub id: String,
    /// When the page was stored: when the listing appeared in the marketplace.
    pub listed_at: i64,
    pub first_beat: Option<Beat>,
    pub beats: usize,
    pub duration_ms: i64,
}

/// A stored listing, with its page when it has one.
#[derive(Debug, Clone)]
pub struct Listing {
    pub id: String,
    pub seller_key_id: i64,
    pub job_id: String,
    pub kind: String,
    pub language: String,
    pub brand: Option<String>,
    pub title: String,
    pub price: i64,
    pub sales: i64,
    /// Credits its sales paid the seller.
    pub earned: i64,
    pub created_at: i64,
    pub delisted_at: Option<i64>,
    pub page: Option<ListedPage>,
    /// The state of the job that makes the page, once it has a row.
    pub job_state: Option<String>,
}

/// A sale: a buyer's purchase of a listing.
#[derive(Debug, Clone)]
pub struct Sale {
    pub id: String,
    pub listing_id: String,
    pub buyer_key_id: i64,
    pub price: i64,
    pub fee: i64,
    pub created_at: i64,
}

/// The order of a marketplace page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Newest listing first.
    Newest,
    /// Most sales first (counted when the first page was read), then newest.
    Popular,
}

/// Where the previous page ended, and the moment the listing is read as of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Listings that appeared, and sales made, after this moment are not counted.
    pub as_of: i64,
    /// The last listing shown: its sales as of `as_of` (popular order), when it appeared, id.
    pub after: Option<(i64, i64, String)>,
}

/// What a marketplace page shows.
#[derive(Clone, Debug, Default)]
pub struct Filter<'a> {
    pub kind: Option<&'a str>,
    pub language: Option<&'a str>,
    pub brand: Option<&'a str>,
}

/// The columns of a listing, its page and its job (a macro, so queries stay literals).
macro_rules! columns {
    () => {
        "l.id, l.seller_key_id, l.job_id, l.kind, l.language, l.brand, l.title, l.price, l.sales, \
     l.created_at, l.delisted_at, p.id AS page_id, p.created_at AS listed_at, p.beats, p.duration_ms, \
     j.state AS job_state, \
     (SELECT CAST(COALESCE(SUM(s.price - s.fee), 0) AS BIGINT) FROM listing_sales s WHERE s.listing_id = l.id) AS earned"
    };
}

/// A listing with its page and its job.
macro_rules! from {
    () => {
        " FROM listings l LEFT JOIN engine_pages p ON p.job_id = l.job_id LEFT JOIN jobs j ON j.id = l.job_id"
    };
}

/// The columns of a sale.
macro_rules! sale_columns {
    () => {
        "s.id AS sale_id, s.listing_id, s.buyer_key_id, s.price AS sale_price, s.fee, s.created_at AS sold_at, "
    };
}

fn listing(r: &AnyRow) -> Result<Listing, sqlx::Error> {
    let id: String = r.try_get("id")?;
    let page = match r.try_get::<Option<String>, _>("page_id")? {
        Some(page_id) => {
            let beats: Vec<Beat> = serde_json::from_str(&r.try_get::<String, _>("beats")?)
                .map_err(|e| sqlx::Error::Decode(format!("stored beats of page {page_id}: {e}").into()))?;
            Some(ListedPage {
                id: page_id,
                listed_at: r.try_get("listed_at")?,
                beats: beats.len(),
                first_beat: beats.into_iter().next(),
                duration_ms: r.try_get("duration_ms")?,
            })
        }
        None => None,
    };
    Ok(Listing {
        seller_key_id: r.try_get("seller_key_id")?,
        job_id: r.try_get("job_id")?,
        kind: r.try_get("kind")?,
        language: r.try_get("language")?,
        brand: r.try_get("brand")?,
        title: r.try_get("title")?,
        price: r.try_get("price")?,
        sales: r.try_get("sales")?,
        earned: r.try_get("earned")?,
        created_at: r.try_get("created_at")?,
        delisted_at: r.try_get("delisted_at")?,
        job_state: r.try_get("job_state")?,
        page,
        id,
    })
}

/// Records a listing whose page is still to be made.
pub async fn insert(db: &Db, new: &NewListing<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO listings (id, seller_key_id, job_id, kind, language, brand, title, price, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(new.id)
    .bind(new.seller_key_id)
    .bind(new.job_id)
    .bind(new.kind)
    .bind(new.language)
    .bind(new.brand)
    .bind(new.title)
    .bind(new.price)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Removes a listing whose page was never made (its work failed before anything was charged
/// or recorded); a listing with sales is never removed.
pub async fn remove_unmade(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM listings WHERE id = $1 AND sales = 0 \
         AND NOT EXISTS (SELECT 1 FROM engine_pages p WHERE p.job_id = listings.job_id)",
    )
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The listing with this id, made or not, listed or not.
pub async fn get(db: &Db, id: &str) -> Result<Option<Listing>, sqlx::Error> {
    let sql = concat!("SELECT ", columns!(), from!(), " WHERE l.id = $1");
    sqlx::query(sql).bind(id).fetch_optional(db.pool()).await?.as_ref().map(listing).transpose()
}

/// The seller's listings, newest first (at most `limit`).
pub async fn of_seller(db: &Db, key_id: i64, limit: i64) -> Result<Vec<Listing>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        columns!(),
        from!(),
        " WHERE l.seller_key_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2"
    );
    sqlx::query(sql).bind(key_id).bind(limit).fetch_all(db.pool()).await?.iter().map(listing).collect()
}

/// A listing on a marketplace page, as one key browses it.
#[derive(Debug, Clone)]
pub struct Browsed {
    pub listing: Listing,
    /// Its sales as of the walk's moment (the popular order's key).
    pub sold: i64,
    /// Whether the browsing key bought it.
    pub bought: bool,
}

/// A page of listed listings (made, not delisted) in `order`, after `position`, as key
/// `viewer` sees them: the keyset (sales as of the first page, when it appeared, id) only moves
/// one way, so pages never repeat or skip a listing whatever sells or appears meanwhile.
pub async fn browse(
    db: &Db,
    filter: &Filter<'_>,
    order: Order,
    position: &Position,
    viewer: i64,
    limit: i64,
) -> Result<Vec<Browsed>, sqlx::Error> {
    let mut binds: Vec<Bind> = vec![Bind::Int(position.as_of), Bind::Int(viewer)];
    let mut wheres = vec!["l.delisted_at IS NULL".to_string(), "p.created_at <= $1".to_string()];
    for (column, value) in [("l.kind", filter.kind), ("l.language", filter.language), ("l.brand", filter.brand)] {
        if let Some(value) = value {
            binds.push(Bind::Text(value.to_string()));
            wheres.push(format!("{column} = ${}", binds.len()));
        }
    }
    let mut after = "TRUE".to_string();
    if let Some((sold, listed_at, id)) = &position.after {
        binds.push(Bind::Int(*listed_at));
        let at = binds.len();
        binds.push(Bind::Text(id.clone()));
        let newer = format!("(x.listed_at < ${at} OR (x.listed_at = ${at} AND x.id < ${}))", at + 1);
        after = match order {
            Order::Newest => newer,
            Order::Popular => {
                binds.push(Bind::Int(*sold));
                let s = binds.len();
                format!("(x.sold < ${s} OR (x.sold = ${s} AND {newer}))")
            }
        };
    }
    binds.push(Bind::Int(limit));
    let sort = match order {
        Order::Newest => "x.listed_at DESC, x.id DESC",
        Order::Popular => "x.sold DESC, x.listed_at DESC, x.id DESC",
    };
    let sql = format!(
        "SELECT * FROM (SELECT {}, \
         (SELECT COUNT(*) FROM listing_sales s WHERE s.listing_id = l.id AND s.created_at <= $1) AS sold, \
         (SELECT COUNT(*) FROM listing_sales b WHERE b.listing_id = l.id AND b.buyer_key_id = $2) AS bought \
         FROM listings l JOIN engine_pages p ON p.job_id = l.job_id LEFT JOIN jobs j ON j.id = l.job_id \
         WHERE {}) x WHERE {after} ORDER BY {sort} LIMIT ${}",
        columns!(),
        wheres.join(" AND "),
        binds.len()
    );
    // Made of this module's constants and numbered placeholders only; every value is bound.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for bind in binds {
        query = match bind {
            Bind::Int(n) => query.bind(n),
            Bind::Text(t) => query.bind(t),
        };
    }
    let rows = query.fetch_all(db.pool()).await?;
    rows.iter()
        .map(|r| {
            Ok(Browsed { listing: listing(r)?, sold: r.try_get("sold")?, bought: r.try_get::<i64, _>("bought")? > 0 })
        })
        .collect()
}

enum Bind {
    Int(i64),
    Text(String),
}

/// Counts a sale on a listing that can be bought by `buyer` (made, listed, not theirs) and
/// takes its row lock first, so buys of one listing (and its delisting) queue behind each
/// other; answers the seller and the price. `None`: not for sale to this buyer, nothing
/// changed.
pub async fn count_sale_in(
    conn: &mut AnyConnection,
    listing_id: &str,
    buyer_key_id: i64,
) -> Result<Option<(i64, i64)>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE listings SET sales = sales + 1 WHERE id = $1 AND delisted_at IS NULL AND seller_key_id <> $2 \
         AND EXISTS (SELECT 1 FROM engine_pages p WHERE p.job_id = listings.job_id) RETURNING seller_key_id, price",
    )
    .bind(listing_id)
    .bind(buyer_key_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| Ok((r.try_get("seller_key_id")?, r.try_get("price")?))).transpose()
}

/// Records a sale; false when this buyer already bought this listing (roll back then).
pub async fn insert_sale_in(conn: &mut AnyConnection, sale: &Sale) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO listing_sales (id, listing_id, buyer_key_id, price, fee, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (listing_id, buyer_key_id) DO NOTHING",
    )
    .bind(&sale.id)
    .bind(&sale.listing_id)
    .bind(sale.buyer_key_id)
    .bind(sale.price)
    .bind(sale.fee)
    .bind(sale.created_at)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

fn sale(r: &AnyRow) -> Result<Sale, sqlx::Error> {
    Ok(Sale {
        id: r.try_get("sale_id")?,
        listing_id: r.try_get("listing_id")?,
        buyer_key_id: r.try_get("buyer_key_id")?,
        price: r.try_get("sale_price")?,
        fee: r.try_get("fee")?,
        created_at: r.try_get("sold_at")?,
    })
}

/// The buyer's purchase of a listing, if they made it.
pub async fn purchase(db: &Db, listing_id: &str, buyer_key_id: i64) -> Result<Option<(Sale, Listing)>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        sale_columns!(),
        columns!(),
        " FROM listing_sales s JOIN listings l ON l.id = s.listing_id \
         LEFT JOIN engine_pages p ON p.job_id = l.job_id LEFT JOIN jobs j ON j.id = l.job_id \
         WHERE s.listing_id = $1 AND s.buyer_key_id = $2"
    );
    let row = sqlx::query(sql).bind(listing_id).bind(buyer_key_id).fetch_optional(db.pool()).await?;
    row.map(|r| Ok((sale(&r)?, listing(&r)?))).transpose()
}

/// The buyer's purchases, newest first (at most `limit`).
pub async fn purchases_of(db: &Db, buyer_key_id: i64, limit: i64) -> Result<Vec<(Sale, Listing)>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        sale_columns!(),
        columns!(),
        " FROM listing_sales s JOIN listings l ON l.id = s.listing_id \
         LEFT JOIN engine_pages p ON p.job_id = l.job_id LEFT JOIN jobs j ON j.id = l.job_id \
         WHERE s.buyer_key_id = $1 ORDER BY s.created_at DESC, s.id DESC LIMIT $2"
    );
    let rows = sqlx::query(sql).bind(buyer_key_id).bind(limit).fetch_all(db.pool()).await?;
    rows.iter().map(|r| Ok((sale(r)?, listing(r)?))).collect()
}

/// Delists a listing of `seller_key_id`; false when it is not theirs or was delisted before.
/// The write takes the row lock buys take first, so no buy counts after it commits.
pub async fn delist(db: &Db, id: &str, seller_key_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE listings SET delisted_at = $3 WHERE id = $1 AND seller_key_id = $2 AND delisted_at IS NULL",
    )
    .bind(id)
    .bind(seller_key_id)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
