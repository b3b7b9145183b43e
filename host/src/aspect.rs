//! The shapes a video is rendered in: the aspect ratios channels ask for (a story or reel, a
//! square post, a feed post, a wide video for a site), each with the size its pictures are
//! composed at.

/// A video's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Aspect {
    /// 9:16, 1080×1920: stories, reels, shorts (the service's first and default shape).
    #[default]
    Tall,
    /// 1:1, 1080×1080: square feed posts.
    Square,
    /// 4:5, 1080×1350: the tallest feed post.
    Portrait,
    /// 16:9, 1920×1080: a site, a wide player, a slide.
    Wide,
}

impl Aspect {
    /// Every shape, in the order the menu lists them.
    pub const ALL: [Aspect; 4] = [Aspect::Tall, Aspect::Square, Aspect::Portrait, Aspect::Wide];

    /// The ratio as requests name it (`9:16`).
    pub fn name(self) -> &'static str {
        match self {
            Aspect::Tall => "9:16",
            Aspect::Square => "1:1",
            Aspect::Portrait => "4:5",
            Aspect::Wide => "16:9",
        }
    }

    /// The shape a request names, if it names one.
    pub fn parse(name: &str) -> Option<Aspect> {
        Aspect::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Width and height in pixels: 1080 on the short side, so text is the same size in every
    /// shape.
    pub fn size(self) -> (u32, u32) {
        match self {
            Aspect::Tall => (1080, 1920),
            Aspect::Square => (1080, 1080),
            Aspect::Portrait => (1080, 1350),
            Aspect::Wide => (1920, 1080),
        }
    }

    /// The shape of a picture of `size`, if it is one of these.
    pub fn of_size(size: (u32, u32)) -> Option<Aspect> {
        Aspect::ALL.into_iter().find(|a| a.size() == size)
    }

    /// A name for the shape in paths and keys (`9x16`).
    pub fn slug(self) -> &'static str {
        match self {
            Aspect::Tall => "9x16",
            Aspect::Square => "1x1",
            Aspect::Portrait => "4x5",
            Aspect::Wide => "16x9",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_shape_reads_back_from_its_name_and_size_and_has_its_ratio() {
        for aspect in Aspect::ALL {
            assert_eq!(Aspect::parse(aspect.name()), Some(aspect));
            assert_eq!(Aspect::of_size(aspect.size()), Some(aspect));
            let (w, h) = aspect.size();
            let (rw, rh) = aspect.name().split_once(':').unwrap();
            assert_eq!(u64::from(w) * rh.parse::<u64>().unwrap(), u64::from(h) * rw.parse::<u64>().unwrap());
            assert_eq!(w.min(h), 1080);
        }
        for bad in ["", "9/16", "16:10", " 1:1", "1:1 "] {
            assert_eq!(Aspect::parse(bad), None, "{bad}");
        }
    }
}
