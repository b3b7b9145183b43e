//! What the contact-sheet examples share: a card's pixels, pasted a quarter size into a grid,
//! and the grid written as a PNG.

use asset_host::render::cards::CARD;

/// How much smaller a card stands on a sheet.
pub const SCALE: usize = 4;
/// A card's cell on a sheet, in pixels.
pub const CELL: (usize, usize) = (CARD.0 as usize / SCALE, CARD.1 as usize / SCALE);

/// A PNG's RGB pixels.
pub fn rgb(png: &[u8]) -> Vec<u8> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    pixels
}

/// A blank sheet of `columns` × `rows` cells.
pub fn blank(columns: usize, rows: usize) -> Vec<u8> {
    vec![255; columns * CELL.0 * rows * CELL.1 * 3]
}

/// Copies `frame` (a full-size card's RGB) into `sheet` at cell (`col`, `row`), each sheet
/// pixel the mean of a SCALE×SCALE block.
pub fn paste(sheet: &mut [u8], columns: usize, frame: &[u8], col: usize, row: usize) {
    let w = CARD.0 as usize;
    let (cw, ch) = CELL;
    for y in 0..ch {
        for x in 0..cw {
            for c in 0..3 {
                let mut sum = 0u32;
                for dy in 0..SCALE {
                    for dx in 0..SCALE {
                        sum += u32::from(frame[((y * SCALE + dy) * w + x * SCALE + dx) * 3 + c]);
                    }
                }
                sheet[((row * ch + y) * columns * cw + col * cw + x) * 3 + c] = (sum / (SCALE * SCALE) as u32) as u8;
            }
        }
    }
}

/// Writes `sheet` (`columns` cells wide) as a PNG at `path`.
pub fn write(path: &std::path::Path, columns: usize, sheet: &[u8]) {
    let rows = sheet.len() / (columns * CELL.0 * CELL.1 * 3);
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, (columns * CELL.0) as u32, (rows * CELL.1) as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header().unwrap().write_image_data(sheet).unwrap();
}
