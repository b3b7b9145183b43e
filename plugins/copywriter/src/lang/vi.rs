//! Vietnamese.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "vi",
    unnamed: Unnamed {
        product: "ứng dụng này",
        company: "đội ngũ này",
        person: "nhà sáng tạo này",
        idea: "ý tưởng này",
    },
    domains: [
        // ai
        Domain {
            chores: ["tự tay làm việc của máy", "ngồi sửa câu lệnh cả ngày"],
            pains: ["Hỏi trợ lý ảo một câu, lần thứ năm.", "Viết lại câu lệnh. Lại nữa."],
            gains: ["Trợ lý ảo làm xong lúc mình còn ngủ.", "Một câu lệnh. Xong trước giờ trưa."],
        },
        // software
        Domain {
            chores: ["nhảy qua lại giữa chục cửa sổ", "chép dán qua lại giữa các công cụ"],
            pains: ["Xuất bảng tính chỉ để dán sang chỗ khác.", "Mười hai cửa sổ đang mở, chẳng cái nào đúng."],
            gains: ["Cuối cùng mọi thứ cũng về một chỗ.", "Cài một lần. Cứ thế tự chạy."],
        },
        // finance
        Domain {
            chores: ["đi đòi tiền hóa đơn", "làm sổ sách tối Chủ nhật"],
            pains: ["Lời nhắc thứ ba cho cùng một hóa đơn.", "Tối Chủ nhật, sổ sách và hóa đơn ngập bàn."],
            gains: ["Được trả đúng hạn, chẳng phải nhắc lần hai.", "Sổ sách tháng này tự khớp hết."],
        },
        // crypto
        Domain {
            chores: ["chờ chuyển khoản mất ba ngày", "trả phí để chuyển tiền của mình"],
            pains: ["Mở ứng dụng ngân hàng xem tiền về chưa.", "Lại mất phí chuyển tiền của chính mình."],
            gains: ["Gửi đi, nhận ngay, xong trong vài giây.", "Tiền của bạn, đi nhanh như tốc độ mạng."],
        },
        // marketing
        Domain {
            chores: ["đăng bài vào hư không", "đoán mò khán giả muốn gì"],
            pains: ["Làm mới mãi một bài được bốn lượt thích.", "Ba tiếng nghĩ chú thích. Mười một lượt xem."],
            gains: ["Bài đăng mà mọi người thật sự chia sẻ.", "Lần này khán giả tự tìm đến mình."],
        },
        // sales
        Domain {
            chores: ["gửi thư chào hàng chẳng ai mở", "nhắn theo khách mãi không hồi âm"],
            pains: ["Gửi thư nhắc lần thứ sáu.", "Lại giới thiệu, lại nghe “để anh suy nghĩ đã”."],
            gains: ["Những câu trả lời mở đầu bằng “được”.", "Lịch kín người chủ động xin hẹn."],
        },
        // food
        Domain {
            chores: ["ăn trưa qua loa tại bàn làm việc", "ăn đi ăn lại một món"],
            pains: ["Mở tủ lạnh lần thứ ba tối nay rồi đứng nhìn.", "Lại ăn trưa tại bàn. Lại món hôm qua."],
            gains: ["Có món ngon để ăn, chẳng cần cầu kỳ.", "Giờ bữa trưa là lúc vui nhất trong ngày."],
        },
        // fitness
        Domain {
            chores: ["đóng tiền phòng tập rồi bỏ đó", "bắt đầu lại mỗi thứ Hai"],
            pains: ["Hứa thứ Hai bắt đầu. Thứ Hai nào cũng hứa.", "Thẻ phòng tập đóng đều, chưa đi buổi nào."],
            gains: ["Ba tuần rồi vẫn đang duy trì.", "Khỏe hơn tháng trước, nhìn là thấy."],
        },
        // health
        Domain {
            chores: ["chờ cả tuần mới được khám", "tra triệu chứng lúc 2 giờ sáng"],
            pains: ["Tra triệu chứng trên mạng lúc 2 giờ sáng.", "Chờ máy phòng khám. Phút thứ bốn mươi."],
            gains: ["Có câu trả lời trong ngày, từ người trong nghề.", "Thấy khỏe hơn, và biết vì sao."],
        },
        // education
        Domain {
            chores: ["học thuộc rồi thứ Sáu lại quên", "mua khóa học rồi bỏ dở"],
            pains: ["Khóa học mua năm ngoái, vẫn ở bài hai.", "Đọc đi đọc lại một trang, lần thứ tư."],
            gains: ["Cuối cùng cũng hiểu.", "Mỗi ngày mười phút, và nhớ lâu."],
        },
        // travel
        Domain {
            chores: ["lên kế hoạch qua chục trang web", "mua đắt vì là khách du lịch"],
            pains: ["So giá một chuyến bay trên sáu trang web.", "Chuyến đi thì tuyệt. Lên kế hoạch thì mệt xỉu."],
            gains: ["Đặt xong trong vài phút, hơn cả dự tính.", "Đi chơi nhiều hơn, lên kế hoạch ít hơn."],
        },
        // style
        Domain {
            chores: ["nhìn tủ đầy mà chẳng có gì mặc", "mua quần áo về mặc không vừa"],
            pains: ["Tủ đồ chật cứng mà chẳng có gì để mặc.", "Đặt đúng cỡ của mình. Lại không vừa."],
            gains: ["Năm phút là lên đồ xong, ưng ghê.", "Cuối cùng cũng có món mặc vừa."],
        },
        // creator
        Domain {
            chores: ["dựng một video mất cả cuối tuần", "đăng bài mỗi ngày cho khỏi chìm"],
            pains: ["Năm tiếng dựng cho video ba mươi giây.", "Đăng mỗi ngày một tháng. Lượt xem y nguyên."],
            gains: ["Nội dung cả tuần, làm xong trong một buổi chiều.", "Nội dung trông như có cả một đội làm."],
        },
        // general
        Domain {
            chores: ["làm mọi thứ theo cách khó", "chấp nhận kiểu “thế là được rồi”"],
            pains: ["Làm theo cách khó, lần thứ một trăm.", "Chắc chắn phải có cách dễ hơn chứ."],
            gains: ["Dễ đến mức khó tin.", "Cứ thế chạy trơn tru, và thấy rõ khác biệt."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: xong, khỏi lo."),
            ("Người ta: {pain}", "Mình có {name}: {gain}"),
            ("Trước khi có {name}: {pain}", "Bây giờ: {gain}"),
            ("Không ai:\nMình lúc 11 giờ đêm: {pain}", "Ai đã biết {name}: {gain}"),
        ],
        hottake: [
            "Nói thật: {chore} giờ chỉ là lựa chọn. {name} lo rồi.",
            "Ý kiến trái chiều: {chore} chưa bao giờ là “lẽ đương nhiên”.",
            "Nói theo mình: tạm biệt cảnh {chore}. Có {name} rồi.",
            "Năm năm nữa, {chore} sẽ lỗi thời như máy fax. Nhờ {name}.",
        ],
        confession: [
            "Thú thật: mình từng {chore} suốt mấy năm. Rồi gặp {name}.",
            "Tự thú: {pain} Giờ thì hết, nhờ {name}.",
            "Thật đấy: {pain} Một tuần với {name} là xong.",
            "Bí quyết của mình? Thôi {chore}. Giờ {name} gánh phần nặng.",
        ],
        reply: [
            ("{name} có đáng tiền không?", "Hỏi ai đã thôi {chore} là biết."),
            ("Thôi, mình cứ làm kiểu cũ.", "{gain} Chính là {name} đấy."),
            ("{name} á? Nghe hay quá, khó tin ghê.", "Dùng thử một tuần. Rồi xem bạn còn nhớ cảnh {chore} không."),
            ("Sao phải đổi?", "Vì {chore} tốn của bạn nhiều hơn bạn nghĩ. Thử {name} đi."),
        ],
    },
    person: Person {
        image: [
            ("Người ta: {pain}", "Ai theo dõi {name}: {gain}"),
            ("Trước khi đọc {name}: {pain}", "Bây giờ: {gain}"),
        ],
        hottake: [
            "Nói thật: theo dõi {name} rồi thì {chore} chỉ là lựa chọn.",
            "Nói theo mình: tạm biệt cảnh {chore}. {name} đã chỉ cách.",
        ],
        confession: [
            "Thú thật: mình từng {chore} suốt mấy năm. Rồi bắt đầu đọc {name}.",
            "Thật đấy: {pain} Rồi {name} viết về chuyện đó.",
        ],
        reply: [
            ("{name} có đáng theo dõi không?", "Hỏi ai đã thôi {chore} là biết."),
            ("Sao phải theo dõi {name}?", "{gain} Đó là điều {name} chia sẻ."),
        ],
        turns: ["Rồi mình bắt đầu theo dõi {name}.", "Và đây là lúc {name} vào cuộc."],
    },
    carousel: Carousel {
        covers: ["{name}: điều gì thay đổi khi thôi {chore}", "{name} trong một phút"],
        turns: ["Rồi {name} xuất hiện.", "Và đây là lúc {name} vào cuộc."],
        numbers: ["{number}: con số nói lên tất cả.", "{number}. Ngẫm thử xem."],
        closers: ["Lưu lại cho lần tới có người bảo không làm được.", "Gửi cho người đang cần đọc cái này."],
    },
    pitch: Pitch {
        title: "Gửi {first}",
        hello: ["Chào {first},", "Xin chào {first},", "{first} ơi, chào bạn."],
        hello_team: ["Chào đội ngũ {name},", "Xin chào mọi người ở {name},"],
        hello_anyone: "Xin chào,",
        title_anyone: "Lời nhắn dành cho bạn",
        seen_site: ["Hôm nay mình đã dành vài phút xem trang web của bạn.", "Mình đã xem kỹ trang web của bạn."],
        seen_x: ["Bài đăng của bạn trên X cứ hiện lên bảng tin của mình.", "Mình vẫn hay đọc bài của bạn trên X."],
        seen_linkedin: ["Hồ sơ LinkedIn của bạn làm mình chú ý.", "Mình tình cờ thấy hồ sơ của bạn trên LinkedIn."],
        seen_sentence: ["Mình nghe nhiều lời khen về công việc của bạn.", "Tên bạn được nhắc đến, và toàn là lời hay."],
        company: [
            "Những gì bạn đang xây dựng ở {company} thật sự nổi bật.",
            "Công việc của bạn ở {company} khiến mình chú ý.",
        ],
        role: ["Ở vai trò {role}, mỗi giờ đều quý giá.", "Làm {role} là ôm cả trăm việc cùng lúc."],
        topic: ["Bài viết của bạn về {topic} rất đáng đọc.", "Rõ ràng bạn hiểu {topic} rất sâu."],
        work: [
            "Nhìn là biết bạn rất tâm huyết với những gì bạn làm.",
            "Thấy rõ bạn đã dồn bao công sức vào công việc.",
        ],
        offer: [
            "Đó chính là lý do {offer} ra đời.",
            "{offer} được làm ra cho đúng việc này.",
            "Đây là lúc {offer} phát huy tác dụng.",
        ],
        idea: [
            "Mình có một ý tưởng giúp bạn tiết kiệm khoảng thời gian đó.",
            "Có một cách dễ hơn, mình rất muốn chỉ bạn xem.",
        ],
        ask: [
            "Bạn xem thử nhé, chỉ mất một phút.",
            "Mình rất muốn nghe bạn nghĩ sao.",
            "Khi nào rảnh, bạn xem qua nhé.",
        ],
        cta: ["Xem ngay", "Xem cách hoạt động", "Dùng thử"],
    },
    negatives: &[
        "vô dụng",
        "vô ích",
        "lừa đảo",
        "tệ nhất",
        "tồi tệ",
        "dở tệ",
        "dở ẹc",
        "rác rưởi",
        "nhảm nhí",
        "nhàm chán",
        "chán ngắt",
        "phí tiền",
        "phí thời gian",
        "thất bại",
        "hỏng bét",
        "ghét",
        "thổi phồng",
        "dỏm",
        "vớ vẩn",
    ],
};
