//! What the contact-sheet examples share: pictures' pixels, pasted a quarter size into a grid,
//! and the grid written as a PNG.

/// How much smaller a picture stands on a sheet.
pub const SCALE: usize = 4;

/// A grid of `columns` cells, each a picture of `size` a quarter size.
pub struct Sheet {
    pub columns: usize,
    size: (usize, usize),
    pixels: Vec<u8>,
}

impl Sheet {
    /// A blank sheet of `columns` × `rows` cells for pictures of `size`.
    pub fn blank(columns: usize, rows: usize, size: (u32, u32)) -> Sheet {
        let size = (size.0 as usize, size.1 as usize);
        let pixels = vec![255; columns * (size.0 / SCALE) * rows * (size.1 / SCALE) * 3];
        Sheet { columns, size, pixels }
    }

    fn cell(&self) -> (usize, usize) {
        (self.size.0 / SCALE, self.size.1 / SCALE)
    }

    /// Copies `frame` (a full-size picture's RGB) into cell (`col`, `row`), each sheet pixel the
    /// mean of a SCALE×SCALE block.
    pub fn paste(&mut self, frame: &[u8], col: usize, row: usize) {
        let (w, (cw, ch), columns) = (self.size.0, self.cell(), self.columns);
        for y in 0..ch {
            for x in 0..cw {
                for c in 0..3 {
                    let mut sum = 0u32;
                    for dy in 0..SCALE {
                        for dx in 0..SCALE {
                            sum += u32::from(frame[((y * SCALE + dy) * w + x * SCALE + dx) * 3 + c]);
                        }
                    }
                    let at = ((row * ch + y) * columns * cw + col * cw + x) * 3 + c;
                    self.pixels[at] = (sum / (SCALE * SCALE) as u32) as u8;
                }
            }
        }
    }

    /// Writes the sheet as a PNG at `path`.
    pub fn write(&self, path: &std::path::Path) {
        let (cw, ch) = self.cell();
        let rows = self.pixels.len() / (self.columns * cw * ch * 3);
        let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        let mut encoder = png::Encoder::new(file, (self.columns * cw) as u32, (rows * ch) as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header().unwrap().write_image_data(&self.pixels).unwrap();
    }
}

/// A PNG's RGB pixels.
pub fn rgb(png: &[u8]) -> Vec<u8> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    pixels
}
