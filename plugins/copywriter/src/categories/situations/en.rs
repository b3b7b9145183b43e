//! English: the situations of every category's customers, before and after.

use super::Lines;

pub const ALL: &[(&str, Lines)] = &[
    (
        "parking-app",
        Lines {
            chore: "circling the block for a parking spot",
            before: ["Third lap around the block. Still no spot.", "Parked at last. Twenty minutes late."],
            after: ["Straight to a free spot, first try.", "Parked before the song ended."],
        },
    ),
    (
        "note-taking-app",
        Lines {
            chore: "losing notes across five apps",
            before: ["The idea was good. The note is gone.", "Notes on a receipt, a napkin and three apps."],
            after: ["Every note, one search away.", "Meeting over, notes already shared."],
        },
    ),
    (
        "invoicing-software",
        Lines {
            chore: "chasing late invoices",
            before: [
                "Sending the third reminder for the same invoice.",
                "Sunday night, building invoices in a spreadsheet.",
            ],
            after: ["Invoices out in a minute, paid on time.", "Reminders that send themselves."],
        },
    ),
    (
        "accounting-software",
        Lines {
            chore: "doing the books on a Sunday night",
            before: ["A shoebox of receipts and a deadline on Monday.", "The numbers don't match. Again."],
            after: ["The books closed before Friday.", "Every receipt already where it belongs."],
        },
    ),
    (
        "budgeting-app",
        Lines {
            chore: "wondering where the money went",
            before: ["Payday, and by the 20th it's gone.", "Checking the balance with one eye closed."],
            after: ["Money left at the end of the month.", "Every euro has a job now."],
        },
    ),
    (
        "banking-app",
        Lines {
            chore: "queueing at the bank",
            before: ["Forty minutes in line to change one thing.", "A paper form to open an account. In this decade."],
            after: ["Account open before the coffee cooled.", "Banking done from the sofa."],
        },
    ),
    (
        "payment-app",
        Lines {
            chore: "waiting for a payment to clear",
            before: ["\"The transfer takes three working days.\"", "Splitting the bill in a group chat, for a week."],
            after: ["Paid in a tap, settled in seconds.", "Everyone paid back before dessert."],
        },
    ),
    (
        "crypto-wallet",
        Lines {
            chore: "copying wallet addresses by hand",
            before: ["Triple-checking a 42-character address.", "A fee bigger than the payment."],
            after: ["Sent, landed, done in seconds.", "Your money, always in your own hands."],
        },
    ),
    (
        "crypto-exchange",
        Lines {
            chore: "paying fees at every step",
            before: ["Three apps and two transfers to buy one coin.", "Verification pending. Day six."],
            after: ["Bought in a minute, fees you can actually see.", "One place for every trade."],
        },
    ),
    (
        "crm",
        Lines {
            chore: "keeping customers in a spreadsheet",
            before: ["Which client was that again?", "A follow-up forgotten, a deal gone cold."],
            after: ["Every client, every call, one screen.", "Follow-ups that remember themselves."],
        },
    ),
    (
        "project-management-tool",
        Lines {
            chore: "running projects from the inbox",
            before: ["\"Who's doing this?\" Nobody, it turns out.", "The deadline was yesterday. Nobody knew."],
            after: ["Everyone knows what's next.", "Shipped on time, without a status meeting."],
        },
    ),
    (
        "calendar-app",
        Lines {
            chore: "playing email tennis to book a meeting",
            before: ["Fourteen emails to find one free slot.", "Double-booked. Again."],
            after: ["Meeting booked in one message.", "A week that plans itself."],
        },
    ),
    (
        "password-manager",
        Lines {
            chore: "resetting forgotten passwords",
            before: [
                "\"Forgot password?\" For the fourth time this week.",
                "The same password everywhere. Fingers crossed.",
            ],
            after: ["One tap, logged in, safe.", "Strong passwords you never have to remember."],
        },
    ),
    (
        "website-builder",
        Lines {
            chore: "waiting months for a website",
            before: ["Three quotes, six weeks, still no website.", "\"Under construction\" since last spring."],
            after: ["Site live by the end of the afternoon.", "A website that looks like an agency made it."],
        },
    ),
    (
        "ecommerce-platform",
        Lines {
            chore: "selling through DMs and bank transfers",
            before: ["Orders in the DMs, stock in a notebook.", "\"Is this still available?\" Fifty times a day."],
            after: ["A shop that sells while you sleep.", "Orders in, stock updated, nothing lost."],
        },
    ),
    (
        "ai-assistant",
        Lines {
            chore: "doing every small task by hand",
            before: ["Copying the same answer into emails all day.", "The to-do list grew while I slept."],
            after: ["Ask once, done before lunch.", "The small stuff handles itself."],
        },
    ),
    (
        "ai-agent",
        Lines {
            chore: "approving every little step by hand",
            before: [
                "Clicking \"approve\" for the tenth time today.",
                "A task that needed me for thirty seconds, every hour.",
            ],
            after: ["The agent did it while I slept.", "One instruction. Done by lunch."],
        },
    ),
    (
        "chatbot",
        Lines {
            chore: "answering the same question fifty times a day",
            before: ["\"What are your opening hours?\" Again.", "Customers waiting overnight for a simple answer."],
            after: ["Answers at 3 a.m., in every language.", "The easy questions answered before they reach you."],
        },
    ),
    (
        "ai-writing-tool",
        Lines {
            chore: "staring at a blank page",
            before: ["The cursor blinks. The page stays empty.", "Two hours for one paragraph."],
            after: ["A first draft in a minute.", "Words on the page, your voice intact."],
        },
    ),
    (
        "ai-image-generator",
        Lines {
            chore: "searching stock photos for hours",
            before: [
                "Page nine of stock photos, all the same handshake.",
                "The perfect picture exists only in my head.",
            ],
            after: ["The picture I had in mind, in seconds.", "Visuals that look like nobody else's."],
        },
    ),
    (
        "language-app",
        Lines {
            chore: "forgetting words by Friday",
            before: ["Five years of lessons, and I still freeze at \"hello\".", "The vocabulary list I never opened."],
            after: ["Ordering dinner in the language, no panic.", "Ten minutes a day, and it sticks."],
        },
    ),
    (
        "meditation-app",
        Lines {
            chore: "lying awake replaying the day",
            before: ["Replaying a conversation from 2019, again.", "Breathing in, worrying out."],
            after: ["Calm in five minutes.", "Sleeping before the worrying starts."],
        },
    ),
    (
        "fitness-app",
        Lines {
            chore: "starting over every Monday",
            before: ["Promising to start on Monday. Every Monday.", "Standing in the gym with no idea what to do."],
            after: ["A plan that fits my day, and I stick to it.", "Three weeks in and still going."],
        },
    ),
    (
        "running-app",
        Lines {
            chore: "running without a plan",
            before: ["Sprinted the first kilometre, walked the rest.", "Training for a race with no idea how."],
            after: ["Faster this month, and it shows.", "Every run counted, every week a little further."],
        },
    ),
    (
        "nutrition-app",
        Lines {
            chore: "guessing what to eat",
            before: ["Staring into the fridge, again.", "Salad on Monday, pizza by Wednesday."],
            after: ["Meals that keep me full and happy.", "Eating well without thinking about it."],
        },
    ),
    (
        "sleep-app",
        Lines {
            chore: "scrolling at 1 a.m.",
            before: ["Tired all day, wide awake at midnight.", "Counting sheep, then counting hours till the alarm."],
            after: ["Asleep in minutes, awake and rested.", "Mornings that feel like mornings."],
        },
    ),
    (
        "telehealth-app",
        Lines {
            chore: "waiting weeks for an appointment",
            before: ["On hold with the clinic. Minute forty.", "Searching symptoms in the middle of the night."],
            after: ["A doctor on screen in ten minutes.", "Answers the same day, from someone who knows."],
        },
    ),
    (
        "dating-app",
        Lines {
            chore: "swiping through people you have nothing in common with",
            before: ["Another match. Another \"hey\".", "A whole evening of small talk with nobody."],
            after: ["A first date that felt like a tenth.", "Matches who actually want the same things."],
        },
    ),
    (
        "food-delivery-app",
        Lines {
            chore: "waiting an hour for cold food",
            before: ["Ordered at seven. Still waiting at eight.", "The fries arrived soggy. Again."],
            after: ["Hot food at the door, right on time.", "Dinner sorted in three taps."],
        },
    ),
    (
        "recipe-app",
        Lines {
            chore: "wondering what to cook tonight",
            before: ["Staring at three eggs and a lemon.", "Pasta again. Fourth night running."],
            after: ["Dinner from what's already in the fridge.", "A new favourite dish every week."],
        },
    ),
    (
        "ride-hailing-app",
        Lines {
            chore: "waving at taxis that never stop",
            before: ["Rain, no taxi, and an important meeting.", "Calling a cab company that never picks up."],
            after: ["A car at the door in four minutes.", "Home safe, fare known before the ride."],
        },
    ),
    (
        "travel-app",
        Lines {
            chore: "planning a trip in forty tabs",
            before: ["Comparing the same flight on six sites.", "The trip was great. The planning almost killed it."],
            after: ["Booked in minutes, better than I planned.", "More trip, less planning."],
        },
    ),
    (
        "photo-editing-app",
        Lines {
            chore: "editing photos for hours",
            before: ["Forty minutes on one photo. Still not right.", "The sunset looked better in real life."],
            after: ["Every photo looks like the moment felt.", "Edited in seconds, posted in style."],
        },
    ),
    (
        "video-editing-app",
        Lines {
            chore: "editing one video all weekend",
            before: ["Five hours of editing for a thirty-second video.", "The export failed at 98%."],
            after: ["A reel ready before the coffee's gone.", "Videos that look like a studio made them."],
        },
    ),
    (
        "social-media-scheduler",
        Lines {
            chore: "posting by hand every day",
            before: ["Posting at 9 p.m. because I forgot at noon.", "Five platforms, five logins, every day."],
            after: ["A month of posts scheduled on Monday.", "Posting on time, without thinking about it."],
        },
    ),
    (
        "email-marketing-tool",
        Lines {
            chore: "sending emails nobody opens",
            before: ["Twelve percent open rate. On a good day.", "Copy-pasting addresses into BCC."],
            after: ["Emails people actually look forward to.", "A newsletter that sends itself, on time."],
        },
    ),
    (
        "analytics-tool",
        Lines {
            chore: "guessing what works",
            before: ["Twelve dashboards, zero answers.", "The report took longer than the campaign."],
            after: ["The answer on one screen.", "Decisions made on numbers, not hunches."],
        },
    ),
    (
        "seo-tool",
        Lines {
            chore: "writing posts nobody finds",
            before: ["Page four of the search results. Nobody goes there.", "Great article, eleven visits."],
            after: ["Found on page one by the people who need it.", "Traffic that grows while you sleep."],
        },
    ),
    (
        "payroll-software",
        Lines {
            chore: "doing payroll by hand",
            before: ["Payday spreadsheet, three hours, one typo.", "The team asks: \"Were we paid?\""],
            after: ["Everyone paid right, right on time.", "Payroll done in ten minutes."],
        },
    ),
    (
        "staff-scheduling-software",
        Lines {
            chore: "building next week's rota by hand",
            before: [
                "Sunday night, next week's rota still a grid of gaps.",
                "One sick call at 7 a.m. and the whole rota falls apart.",
            ],
            after: ["Next week's rota done in ten minutes.", "Every shift covered, and the team already knows."],
        },
    ),
    (
        "booking-software",
        Lines {
            chore: "booking appointments by phone",
            before: ["Phone rings mid-appointment. Again.", "Two clients, one slot, one awkward morning."],
            after: ["Clients book themselves, day or night.", "A full calendar without a single call."],
        },
    ),
    (
        "help-desk-software",
        Lines {
            chore: "answering support tickets from a shared inbox",
            before: [
                "The same customer, asked three times, answered never.",
                "Two people answered the same email. Differently.",
            ],
            after: ["Every customer answered, nobody twice.", "Happy customers, fewer tickets."],
        },
    ),
    (
        "pos-system",
        Lines {
            chore: "adding up sales on paper",
            before: ["Counting the till at midnight.", "A queue at the counter while the card reader thinks."],
            after: ["Closing the till in two minutes.", "Every sale counted, every item in stock."],
        },
    ),
    (
        "video-game",
        Lines {
            chore: "looking for a game worth finishing",
            before: [
                "Thirty games in the library, none of them played.",
                "Another sequel that feels like the last one.",
            ],
            after: ["One more round. It's 2 a.m.", "A game you talk about for weeks."],
        },
    ),
    (
        "board-game",
        Lines {
            chore: "spending game night on the rules",
            before: ["Forty minutes reading the rules.", "Same old game, same old arguments."],
            after: ["Laughing so hard nobody checks the time.", "The game everyone asks to play again."],
        },
    ),
    (
        "smart-home-device",
        Lines {
            chore: "walking back home to check the stove",
            before: ["Halfway to work: did I turn off the heating?", "Fumbling for light switches in the dark."],
            after: ["The house ready before you're home.", "Lights, heat and locks, handled."],
        },
    ),
    (
        "smartwatch",
        Lines {
            chore: "guessing how active you really are",
            before: ["Ten thousand steps? Maybe four.", "Missing the call because the phone's in the bag."],
            after: ["Every step, beat and message on your wrist.", "Closing the rings, day after day."],
        },
    ),
    (
        "headphones",
        Lines {
            chore: "hearing the whole train instead of the music",
            before: ["Turned it up to beat the traffic. Still lost.", "The left earbud is gone. Again."],
            after: ["Just the music, wherever you are.", "The commute is the best part of the day now."],
        },
    ),
    (
        "camera",
        Lines {
            chore: "missing the moment",
            before: ["The best shot, blurry.", "The phone's photos look flat."],
            after: ["Every moment as sharp as you remember it.", "Photos people ask about."],
        },
    ),
    (
        "e-bike",
        Lines {
            chore: "arriving at work drenched in sweat",
            before: ["Stuck in traffic for the fifth time this week.", "The hill home, every single evening."],
            after: ["Past the traffic, on time, not a drop of sweat.", "The hill home, now the easy part."],
        },
    ),
    (
        "electric-car",
        Lines {
            chore: "paying at the pump",
            before: ["Fuel prices up again this week.", "The engine rattling at every red light."],
            after: ["Charged overnight, ready every morning.", "Quiet, smooth, and cheaper every kilometre."],
        },
    ),
    (
        "hiking-backpack",
        Lines {
            chore: "carrying a pack that hurts after an hour",
            before: ["Shoulders aching after the first hour.", "Digging to the bottom of the bag for a water bottle."],
            after: ["Twenty kilometres, and the back feels fine.", "Everything where your hand expects it."],
        },
    ),
    (
        "hiking-gear",
        Lines {
            chore: "hiking in gear that gives up halfway",
            before: ["Wet socks at kilometre three.", "The jacket that said waterproof."],
            after: ["Dry, warm, and still smiling at the summit.", "Gear that lasts as long as the trail."],
        },
    ),
    (
        "running-shoes",
        Lines {
            chore: "running in shoes that hurt",
            before: ["Blisters by kilometre five.", "Knees complaining after every run."],
            after: ["Ten kilometres, and the legs still feel fresh.", "A new personal best, without the pain."],
        },
    ),
    (
        "sneakers",
        Lines {
            chore: "buying sneakers that look tired in a month",
            before: ["Cute in the shop, painful by lunch.", "Scuffed after one week."],
            after: ["The pair everyone asks about.", "Comfortable from the first step."],
        },
    ),
    (
        "clothing-brand",
        Lines {
            chore: "buying clothes that fall apart after three washes",
            before: ["A full closet and nothing to wear.", "Shrank in the first wash."],
            after: ["Clothes that fit and last.", "Dressed in five minutes, and I love it."],
        },
    ),
    (
        "jewelry",
        Lines {
            chore: "wearing jewellery that turns your skin green",
            before: ["The ring left a green mark. Again.", "Nothing special to wear for the big night."],
            after: ["The piece people ask about every time.", "A gift that gets worn every day."],
        },
    ),
    (
        "skincare",
        Lines {
            chore: "trying a new cream every month",
            before: ["Ten products on the shelf, none of them working.", "Dry patches by noon."],
            after: ["Skin that feels good at 6 p.m.", "A routine that takes three minutes."],
        },
    ),
    (
        "makeup",
        Lines {
            chore: "redoing makeup by lunchtime",
            before: ["Foundation gone by noon.", "The lipstick on the coffee cup, not the lips."],
            after: ["Still flawless at midnight.", "Ready in ten minutes."],
        },
    ),
    (
        "perfume",
        Lines {
            chore: "smelling like everyone else",
            before: ["The same scent in every lift.", "Gone an hour after spraying."],
            after: ["Someone always asks what you're wearing.", "A scent that lasts all day."],
        },
    ),
    (
        "supplement",
        Lines {
            chore: "running on coffee by 3 p.m.",
            before: ["Fourth coffee, still tired.", "A shelf of pills, no idea which ones work."],
            after: ["Energy that lasts all afternoon.", "Feeling good, and knowing why."],
        },
    ),
    (
        "coffee-brand",
        Lines {
            chore: "drinking bitter office coffee",
            before: ["Burnt coffee from the office machine.", "Paying five euros for a mediocre latte."],
            after: ["The best cup of the day, at home.", "Mornings worth getting up for."],
        },
    ),
    (
        "tea-brand",
        Lines {
            chore: "drinking dusty tea bags",
            before: ["The tea bag that tastes of the box.", "Another cup that goes cold and forgotten."],
            after: ["A cup that makes the afternoon slow down.", "Real leaves, real flavour."],
        },
    ),
    (
        "wine",
        Lines {
            chore: "picking a wine by the label",
            before: [
                "Picked the bottle with the prettiest label. Regretted it.",
                "Too much money for an average wine.",
            ],
            after: ["The bottle everyone asks about.", "Dinner feels like a celebration."],
        },
    ),
    (
        "craft-beer",
        Lines {
            chore: "drinking the same lager everywhere",
            before: ["The same beer in every bar.", "Warm, flat and forgettable."],
            after: ["A pint worth talking about.", "A new favourite every month."],
        },
    ),
    (
        "chocolate",
        Lines {
            chore: "eating chocolate that tastes of sugar",
            before: ["Sweet, waxy, forgettable.", "The emergency chocolate bar, gone in a minute."],
            after: ["One square, and the whole day gets better.", "Chocolate worth slowing down for."],
        },
    ),
    (
        "meal-kit",
        Lines {
            chore: "shopping for dinner every night",
            before: ["The supermarket at 7 p.m., no idea what to buy.", "Half the vegetables rotting in the fridge."],
            after: ["Dinner on the table in thirty minutes.", "New recipes, nothing wasted."],
        },
    ),
    (
        "pet-food",
        Lines {
            chore: "reading labels you can't understand",
            before: ["The dog sniffs the bowl and walks away.", "Ingredients list longer than a novel."],
            after: ["An empty bowl in two minutes.", "A shinier coat and a happier dog."],
        },
    ),
    (
        "toys",
        Lines {
            chore: "buying toys that get ignored by Tuesday",
            before: ["Played with for ten minutes, then under the sofa.", "Broken before the batteries ran out."],
            after: ["The toy they take to bed.", "Hours of play, no screen in sight."],
        },
    ),
    (
        "furniture",
        Lines {
            chore: "assembling furniture that wobbles",
            before: ["Three screws left over. It wobbles.", "The sofa looked bigger in the photo."],
            after: ["The room finally feels like home.", "Built to last, easy to love."],
        },
    ),
    (
        "mattress",
        Lines {
            chore: "waking up more tired than you went to bed",
            before: ["Back pain before breakfast.", "Rolling into the dip in the middle."],
            after: ["Up before the alarm, feeling great.", "Eight hours that actually feel like eight."],
        },
    ),
    (
        "house-plants",
        Lines {
            chore: "killing every plant you buy",
            before: ["Another plant gone brown by Friday.", "Watering too much, then not at all."],
            after: ["A living room full of green that thrives.", "Plants that forgive a missed week."],
        },
    ),
    (
        "dental-clinic",
        Lines {
            chore: "putting off the dentist for another year",
            before: ["A toothache on a Saturday, and everywhere is closed.", "Six weeks' wait for a check-up."],
            after: ["Seen on a Sunday, smiling by Monday.", "A check-up booked in a minute."],
        },
    ),
    (
        "medical-clinic",
        Lines {
            chore: "waiting weeks to see a doctor",
            before: ["Calling at 8 a.m. sharp. All slots gone.", "Two hours in the waiting room for five minutes."],
            after: ["Seen today, by someone who listens.", "Answers, not a waiting list."],
        },
    ),
    (
        "pharmacy",
        Lines {
            chore: "running around town for one prescription",
            before: ["Third pharmacy, still out of stock.", "Closed five minutes ago."],
            after: ["Ready for pick-up when you arrive.", "Advice from someone who knows your name."],
        },
    ),
    (
        "physiotherapy",
        Lines {
            chore: "living with a sore back",
            before: ["Can't tie my shoes without wincing.", "Painkillers for breakfast."],
            after: ["Moving freely again, pain gone.", "Back on the court in three weeks."],
        },
    ),
    (
        "therapy-practice",
        Lines {
            chore: "carrying everything alone",
            before: ["Lying awake with the same worries.", "\"I'm fine.\" Not fine."],
            after: ["Lighter after every session.", "Someone who really listens."],
        },
    ),
    (
        "veterinary-clinic",
        Lines {
            chore: "worrying about your pet all night",
            before: ["The cat hasn't eaten since yesterday.", "The vet is booked out for two weeks."],
            after: ["Seen the same day, tail wagging by dinner.", "A vet who knows your pet by name."],
        },
    ),
    (
        "optician",
        Lines {
            chore: "squinting at menus",
            before: ["Holding the menu at arm's length.", "Headache after every screen day."],
            after: ["Everything sharp, first time.", "Glasses you actually want to wear."],
        },
    ),
    (
        "hair-salon",
        Lines {
            chore: "leaving the salon with a haircut you didn't ask for",
            before: ["\"Just a trim.\" It was not just a trim.", "Bad hair day. Fifth in a row."],
            after: ["The haircut you actually wanted.", "Compliments for weeks."],
        },
    ),
    (
        "barbershop",
        Lines {
            chore: "waiting an hour for a five-minute cut",
            before: ["Walk-in queue out the door.", "The fade that faded wrong."],
            after: ["Sharp cut, no waiting.", "Walking out feeling like a new man."],
        },
    ),
    (
        "nail-salon",
        Lines {
            chore: "chipped nails by day two",
            before: ["Chipped before the party even started.", "Doing your own nails, smudging them in the car."],
            after: ["Nails that still look perfect two weeks later.", "An hour that feels like a holiday."],
        },
    ),
    (
        "spa",
        Lines {
            chore: "carrying the whole week in your shoulders",
            before: ["Shoulders up by your ears by Wednesday.", "A holiday that's still months away."],
            after: ["One afternoon, and the week is gone.", "Walking out lighter than you walked in."],
        },
    ),
    (
        "tattoo-studio",
        Lines {
            chore: "settling for flash designs off the wall",
            before: ["Everyone has the same design.", "Waiting months for a good artist."],
            after: ["A piece that's truly yours.", "Healed clean, loved forever."],
        },
    ),
    (
        "gym",
        Lines {
            chore: "paying for a gym you never visit",
            before: ["The membership I pay for and never use.", "Waiting twenty minutes for the squat rack."],
            after: ["Three sessions a week, and I look forward to them.", "Stronger than last month, and it shows."],
        },
    ),
    (
        "yoga-studio",
        Lines {
            chore: "carrying stress in your back all week",
            before: ["Stiff after eight hours at a desk.", "A class so crowded you can't stretch."],
            after: ["An hour that resets the whole week.", "Flexible, calm and sleeping better."],
        },
    ),
    (
        "personal-trainer",
        Lines {
            chore: "training without a plan",
            before: ["Same routine for two years, same results.", "Hurt my back trying something from a video."],
            after: ["A plan built for me, results I can see.", "Someone who makes sure I show up."],
        },
    ),
    (
        "dance-school",
        Lines {
            chore: "dancing only in the kitchen",
            before: ["Two left feet at every wedding.", "Watching the dance floor from the bar."],
            after: ["First one on the dance floor.", "A new routine every week, and friends to dance with."],
        },
    ),
    (
        "driving-school",
        Lines {
            chore: "failing the driving test again",
            before: ["Stalled at the first roundabout.", "Lessons with a parent who shouts."],
            after: ["Passed first time.", "Driving with confidence, not fear."],
        },
    ),
    (
        "language-school",
        Lines {
            chore: "learning grammar you never use",
            before: ["Years of lessons, still freezing at \"hello\".", "A textbook dialogue nobody would ever say."],
            after: ["Chatting with locals on the first trip.", "Speaking, not just studying."],
        },
    ),
    (
        "music-school",
        Lines {
            chore: "giving up on the instrument again",
            before: ["A guitar in the corner collecting dust.", "Tutorials that go too fast."],
            after: ["Playing a whole song for friends.", "Practice you actually look forward to."],
        },
    ),
    (
        "tutoring",
        Lines {
            chore: "fighting over homework every night",
            before: ["Tears over fractions at 9 p.m.", "A test tomorrow and no idea where to start."],
            after: ["Homework done before dinner.", "Better grades and a kid who believes in themselves."],
        },
    ),
    (
        "online-course",
        Lines {
            chore: "buying courses you never finish",
            before: [
                "Still on lesson two of a course bought last year.",
                "Rereading the same page for the fourth time.",
            ],
            after: ["Finished, and it finally makes sense.", "Ten minutes a day, and it sticks."],
        },
    ),
    (
        "language-course",
        Lines {
            chore: "memorising vocabulary you forget by Friday",
            before: ["Five years of classes, still freezing at \"hello\".", "Flashcards on the fridge, untouched."],
            after: ["Ordering dinner in the language, no panic.", "Real conversations by the end of the month."],
        },
    ),
    (
        "coding-bootcamp",
        Lines {
            chore: "copying code you don't understand",
            before: ["Tutorial number forty, still no project.", "The error message makes no sense."],
            after: ["First app shipped in week six.", "A new job, and the skills to keep it."],
        },
    ),
    (
        "law-firm",
        Lines {
            chore: "signing contracts you don't understand",
            before: ["Forty pages of small print.", "A letter from a lawyer, and nobody to call."],
            after: ["Clear advice, in plain words.", "Signed with confidence."],
        },
    ),
    (
        "accounting-firm",
        Lines {
            chore: "doing your own taxes the night before the deadline",
            before: ["Shoebox of receipts, deadline tomorrow.", "A letter from the tax office, unopened."],
            after: ["Taxes filed, and money saved.", "A year without a single surprise."],
        },
    ),
    (
        "insurance",
        Lines {
            chore: "reading policies nobody understands",
            before: ["Forty pages, and still not sure what's covered.", "On hold for an hour to make a claim."],
            after: ["A claim settled in days.", "Covered, and knowing exactly for what."],
        },
    ),
    (
        "real-estate-agency",
        Lines {
            chore: "scrolling listings for months",
            before: ["Twenty viewings, none like the photos.", "Gone before you could call."],
            after: ["The keys in hand in six weeks.", "A home that feels right from the door."],
        },
    ),
    (
        "coworking-space",
        Lines {
            chore: "working from the kitchen table",
            before: ["The laundry, the fridge, the sofa: all calling.", "Café Wi-Fi dropping mid-call."],
            after: ["A desk, good coffee and people to talk to.", "Work stays at work."],
        },
    ),
    (
        "cleaning-service",
        Lines {
            chore: "spending Saturdays cleaning",
            before: ["Saturday gone to the vacuum cleaner.", "Guests arriving in an hour, the house a mess."],
            after: ["Home spotless, Saturday free.", "Walking into a clean house every Friday."],
        },
    ),
    (
        "plumber",
        Lines {
            chore: "waiting days for a plumber",
            before: ["Buckets under the sink since Tuesday.", "Three calls, nobody picks up."],
            after: ["Fixed the same day, no mess left behind.", "Hot water back before dinner."],
        },
    ),
    (
        "electrician",
        Lines {
            chore: "living with flickering lights",
            before: ["Half the sockets don't work.", "The fuse trips every time the kettle is on."],
            after: ["Everything working, safely.", "Done in a day, fairly priced."],
        },
    ),
    (
        "moving-company",
        Lines {
            chore: "moving house with friends and a rented van",
            before: ["Three friends, one van, a sofa stuck in the stairwell.", "Boxes still unpacked a year later."],
            after: ["Moved in one day, nothing broken.", "The first night in the new place, already at home."],
        },
    ),
    (
        "car-repair",
        Lines {
            chore: "driving around with a warning light on",
            before: ["That noise again on every corner.", "A week without the car for a two-hour job."],
            after: ["Fixed today, price agreed first.", "A car that just starts, every morning."],
        },
    ),
    (
        "car-rental",
        Lines {
            chore: "queueing at the rental desk",
            before: ["An hour at the counter, then a surprise fee.", "The car you booked is \"unavailable\"."],
            after: ["Keys in hand in five minutes.", "The price you saw is the price you paid."],
        },
    ),
    (
        "laundry",
        Lines {
            chore: "spending Sundays doing laundry",
            before: ["Three loads and a mountain of ironing.", "The shirt needed for tomorrow, still wet."],
            after: ["Picked up dirty, back clean and folded.", "Sundays free again."],
        },
    ),
    (
        "dog-walking",
        Lines {
            chore: "feeling guilty leaving the dog alone all day",
            before: ["The dog waiting by the door since eight.", "Rushing home at lunch for a five-minute walk."],
            after: ["A tired, happy dog every evening.", "Working late without the guilt."],
        },
    ),
    (
        "pet-grooming",
        Lines {
            chore: "bathing a dog that hates baths",
            before: ["Water everywhere, dog still dirty.", "Fur on every piece of furniture."],
            after: ["A fluffy, happy dog in an afternoon.", "Grooming without the drama."],
        },
    ),
    (
        "wedding-planner",
        Lines {
            chore: "planning a wedding in spreadsheets",
            before: ["Forty suppliers, one very long spreadsheet.", "Seating plan, version twelve."],
            after: ["Enjoying your own wedding.", "Every detail handled, nothing forgotten."],
        },
    ),
    (
        "photo-studio",
        Lines {
            chore: "hiding from every photo",
            before: ["Blinked in the only good shot.", "Holiday photos that look like passport photos."],
            after: ["Photos you actually want to frame.", "Relaxed, natural, and you."],
        },
    ),
    (
        "web-agency",
        Lines {
            chore: "waiting months for a website",
            before: [
                "Three quotes, six weeks, still no website.",
                "A site that looks great and doesn't work on a phone.",
            ],
            after: ["Live in weeks, and it sells.", "A site you're proud to send."],
        },
    ),
    (
        "marketing-agency",
        Lines {
            chore: "posting into the void",
            before: ["Refreshing a post that got four likes.", "Three hours on one caption. Eleven views."],
            after: ["Posts people actually share.", "The audience found us this time."],
        },
    ),
    (
        "consultancy",
        Lines {
            chore: "guessing the next step for the business",
            before: ["Growth stalled, and nobody knows why.", "Meetings about meetings."],
            after: ["A plan everyone understands.", "Numbers going the right way."],
        },
    ),
    (
        "translation-agency",
        Lines {
            chore: "trusting machine translation with important documents",
            before: ["The contract said something else in German.", "A menu translated into nonsense."],
            after: ["Words that sound native in every language.", "Ready for a new market overnight."],
        },
    ),
    (
        "print-shop",
        Lines {
            chore: "waiting a week for prints",
            before: ["The flyers arrived after the event.", "Colours nothing like the screen."],
            after: ["Printed today, perfect colours.", "Business cards people keep."],
        },
    ),
    (
        "courier",
        Lines {
            chore: "waiting all day for a delivery",
            before: ["\"We missed you.\" You were home all day.", "A parcel stuck somewhere for a week."],
            after: ["Delivered within the hour.", "Tracked to the door, every time."],
        },
    ),
    (
        "catering",
        Lines {
            chore: "cooking for forty people yourself",
            before: ["Cooking since 6 a.m., missing your own party.", "Sandwiches again at the team event."],
            after: ["Guests asking for the recipe.", "Hosting without lifting a finger."],
        },
    ),
    (
        "travel-agency",
        Lines {
            chore: "planning a trip in forty tabs",
            before: ["Comparing the same flight on six sites.", "The hotel looked nothing like the photos."],
            after: ["A trip planned by someone who's been there.", "More holiday, less planning."],
        },
    ),
    (
        "guided-tour",
        Lines {
            chore: "seeing a city through a phone screen",
            before: ["Lost, with a map upside down.", "Queueing for two hours at the famous sight."],
            after: ["Secret corners only locals know.", "A city that finally makes sense."],
        },
    ),
    (
        "recruitment-agency",
        Lines {
            chore: "reading hundreds of CVs",
            before: ["Three hundred CVs, none of them right.", "The new hire left after a month."],
            after: ["The right person, in three weeks.", "A team that stays."],
        },
    ),
    (
        "daycare",
        Lines {
            chore: "juggling work and childcare every day",
            before: ["A call from work while the baby naps.", "Grandma can't do Tuesdays any more."],
            after: ["A happy child, a calm morning.", "Working, knowing they're in good hands."],
        },
    ),
    (
        "restaurant",
        Lines {
            chore: "settling for the same three restaurants",
            before: ["Same place, same dish, every Friday.", "A two-hour wait for an average meal."],
            after: ["A table worth coming back to.", "The dish you'll be talking about all week."],
        },
    ),
    (
        "pizza-restaurant",
        Lines {
            chore: "settling for soggy takeaway pizza",
            before: ["Cold, floppy pizza at midnight.", "Everything's closed and you're starving."],
            after: ["A proper pizza at your door, even late.", "Crispy crust, still hot when it arrives."],
        },
    ),
    (
        "sushi-restaurant",
        Lines {
            chore: "buying sad supermarket sushi",
            before: ["Supermarket sushi, cold rice, no joy.", "An hour's wait for a table."],
            after: ["Fish so fresh it melts.", "The best sushi in town, ten minutes away."],
        },
    ),
    (
        "burger-restaurant",
        Lines {
            chore: "eating burgers that look nothing like the picture",
            before: ["A burger flatter than the photo.", "Fries cold before you sit down."],
            after: ["A burger that needs both hands.", "The one you crave on Friday night."],
        },
    ),
    (
        "cafe",
        Lines {
            chore: "drinking coffee from a paper cup at the desk",
            before: ["Lukewarm coffee from the office machine.", "No seat, no socket, no Wi-Fi."],
            after: ["A corner table and the best flat white in town.", "The morning coffee that starts the day right."],
        },
    ),
    (
        "bakery",
        Lines {
            chore: "eating bread that's stale by lunchtime",
            before: ["Sliced bread that tastes of nothing.", "The croissants sold out at 9 a.m."],
            after: ["Bread still warm at breakfast.", "The smell of the bakery at the end of the street."],
        },
    ),
    (
        "patisserie",
        Lines {
            chore: "settling for a supermarket birthday cake",
            before: ["A birthday cake that tastes of sugar and foam.", "Dessert from the freezer, again."],
            after: ["The cake everyone photographs before eating.", "A little luxury on a Tuesday."],
        },
    ),
    (
        "bar",
        Lines {
            chore: "drinking warm beer in a loud bar",
            before: ["Shouting to be heard, twenty minutes for a drink.", "The same bar, the same bad cocktail."],
            after: ["A drink made just the way you like it.", "The bar where they know your order."],
        },
    ),
    (
        "brewery",
        Lines {
            chore: "drinking the same lager everywhere",
            before: ["The same beer in every bar.", "Warm, flat and forgettable."],
            after: ["A pint straight from the tank.", "Beer worth the trip."],
        },
    ),
    (
        "ice-cream-shop",
        Lines {
            chore: "eating ice cream from a tub",
            before: [
                "Freezer-burnt ice cream from the back of the freezer.",
                "Thirty flavours that all taste of sugar.",
            ],
            after: ["A scoop that tastes of real fruit.", "Summer in a cone."],
        },
    ),
    (
        "food-truck",
        Lines {
            chore: "eating the same lunch every day",
            before: ["Another sandwich from the petrol station.", "Queueing for an hour at the canteen."],
            after: ["Lunch that's the best part of the day.", "Street food worth crossing town for."],
        },
    ),
    (
        "vegan-restaurant",
        Lines {
            chore: "picking the one vegan dish on the menu",
            before: ["The only vegan option: a side salad.", "Explaining \"no dairy\" three times."],
            after: ["A whole menu to choose from.", "Dishes meat-eaters order too."],
        },
    ),
    (
        "grocery-store",
        Lines {
            chore: "driving across town for basics",
            before: ["Out of milk, again.", "A trolley full of things you didn't need."],
            after: ["Everything on the list, five minutes from home.", "Fresh food without the queue."],
        },
    ),
    (
        "florist",
        Lines {
            chore: "grabbing sad flowers at the petrol station",
            before: ["Wilted roses from the petrol station.", "Forgot the anniversary until 6 p.m."],
            after: ["A bouquet that gets a gasp.", "Flowers that last all week."],
        },
    ),
    (
        "bookstore",
        Lines {
            chore: "scrolling endless lists for the next book",
            before: ["An algorithm suggesting the same bestsellers.", "Three books started, none finished."],
            after: ["A book someone chose just for you.", "An afternoon lost in the shelves."],
        },
    ),
    (
        "boutique",
        Lines {
            chore: "shopping in stores where everything looks the same",
            before: ["Everyone at the party in the same dress.", "Forty minutes in the fitting-room queue."],
            after: ["A piece nobody else has.", "Walking out with exactly what you needed."],
        },
    ),
    (
        "thrift-store",
        Lines {
            chore: "buying new clothes you wear twice",
            before: ["A closet full of clothes worn twice.", "Fast fashion, falling apart by autumn."],
            after: ["A one-of-a-kind find for the price of a coffee.", "Style with a story behind it."],
        },
    ),
    (
        "pet-shop",
        Lines {
            chore: "driving around for the right pet food",
            before: ["Third shop, still not the right food.", "Advice from someone who's never had a pet."],
            after: ["Everything your pet needs, in one place.", "Advice from people who love animals."],
        },
    ),
    (
        "hardware-store",
        Lines {
            chore: "making three trips for one repair",
            before: ["Wrong screw, second trip.", "A queue, and nobody to ask."],
            after: ["The right part, first time.", "The job done by lunch."],
        },
    ),
    (
        "electronics-store",
        Lines {
            chore: "buying a gadget that breaks in a month",
            before: ["The charger died a week after the warranty.", "Nobody in the store knew the answer."],
            after: ["The right device and advice that's honest.", "Set up and working before you leave."],
        },
    ),
    (
        "online-shop",
        Lines {
            chore: "hunting for the right thing across ten sites",
            before: ["Ten sites, twelve tabs, still nothing.", "Delivered a week late and the wrong size."],
            after: ["Ordered in a minute, delivered tomorrow.", "Exactly what the photos promised."],
        },
    ),
    (
        "startup",
        Lines {
            chore: "doing it the old, slow way",
            before: ["There has to be a better way to do this.", "Doing it the hard way for the hundredth time."],
            after: ["Easier than it has any right to be.", "It just works, and it shows."],
        },
    ),
    (
        "hotel",
        Lines {
            chore: "sleeping in hotels that look nothing like the photos",
            before: ["The \"sea view\" was a car park.", "Check-in queue after a twelve-hour flight."],
            after: ["A room you don't want to leave.", "Breakfast worth waking up for."],
        },
    ),
    (
        "hostel",
        Lines {
            chore: "sleeping in hostels where nobody talks",
            before: ["Twelve-bed dorm, no lockers, no sleep.", "Travelling alone and eating alone."],
            after: ["Friends from four countries by the first evening.", "A bed, a kitchen and a family on the road."],
        },
    ),
    (
        "holiday-rental",
        Lines {
            chore: "booking rentals that look nothing like the photos",
            before: ["The \"cosy flat\" was a cupboard.", "Keys collected at midnight, two hours late."],
            after: ["A home away from home.", "The balcony breakfast you dreamed of."],
        },
    ),
    (
        "campsite",
        Lines {
            chore: "camping on rocky ground",
            before: ["Sleeping on a root all night.", "Showers: cold. Toilets: far."],
            after: ["Waking up to a view of the lake.", "Stars above and hot showers nearby."],
        },
    ),
    (
        "museum",
        Lines {
            chore: "walking past art you don't understand",
            before: ["Two hours, sore feet, nothing remembered.", "The famous painting behind fifty phones."],
            after: ["A visit the kids are still talking about.", "History that finally feels alive."],
        },
    ),
    (
        "art-gallery",
        Lines {
            chore: "filling the walls with mass-produced prints",
            before: ["The same poster as every other flat.", "Art that feels out of reach."],
            after: ["A piece that's the first thing guests notice.", "Art by people you can actually meet."],
        },
    ),
    (
        "cinema",
        Lines {
            chore: "watching films on a phone screen",
            before: ["A blockbuster on a six-inch screen.", "Sticky floors and a broken seat."],
            after: ["The big screen, the way it was meant.", "A film night everyone remembers."],
        },
    ),
    (
        "theatre",
        Lines {
            chore: "spending every evening scrolling",
            before: ["Another night, another show on the sofa.", "Tickets sold out in a minute."],
            after: ["Goosebumps from the front row.", "A night out you talk about for weeks."],
        },
    ),
    (
        "climbing-gym",
        Lines {
            chore: "exercising in a gym that bores you",
            before: ["Thirty minutes on a treadmill, staring at a wall.", "The same routine, the same results."],
            after: ["Topped the wall you couldn't touch last month.", "A workout that feels like play."],
        },
    ),
    (
        "swimming-pool",
        Lines {
            chore: "swimming in an overcrowded pool",
            before: ["Lanes so full you can't swim a length.", "Cold water and a colder changing room."],
            after: ["A lane to yourself at 7 a.m.", "Forty lengths and a clear head."],
        },
    ),
    (
        "ski-resort",
        Lines {
            chore: "queueing for lifts all day",
            before: ["An hour in the lift queue for a five-minute run.", "Icy slopes and overpriced lunches."],
            after: ["Fresh powder and no queues.", "First tracks, best day of the year."],
        },
    ),
    (
        "winery",
        Lines {
            chore: "buying wine without knowing what you're drinking",
            before: ["Picking a bottle by its label.", "A tasting that felt like a sales pitch."],
            after: ["A glass of wine in the vineyard where it grew.", "A bottle with a story you can tell."],
        },
    ),
    (
        "escape-room",
        Lines {
            chore: "spending every weekend at the same bar",
            before: ["Another Saturday, the same bar, the same talk.", "Team-building with trust falls."],
            after: ["Escaped with two minutes to spare.", "A team that actually works together."],
        },
    ),
    (
        "conference",
        Lines {
            chore: "sitting through talks you could have read",
            before: ["Eight slides of logos before the first idea.", "Coffee breaks spent checking email."],
            after: ["Three ideas you use on Monday.", "The right people in one room."],
        },
    ),
    (
        "music-festival",
        Lines {
            chore: "watching festivals on a phone screen",
            before: ["The line-up of the year, seen in clips.", "Muddy, queueing, missing the headliner."],
            after: ["Front row for the band of your life.", "A weekend you talk about all year."],
        },
    ),
    (
        "concert",
        Lines {
            chore: "watching concerts online",
            before: ["The concert of the year, watched on a phone.", "Tickets gone in four minutes."],
            after: ["Singing every word with thousands of others.", "The night the whole room sang along."],
        },
    ),
    (
        "workshop",
        Lines {
            chore: "learning from videos alone",
            before: ["Forty tutorials, nothing made.", "Stuck at step three with nobody to ask."],
            after: ["Going home with something you made yourself.", "Learning by doing, with people who care."],
        },
    ),
    (
        "webinar",
        Lines {
            chore: "sitting through webinars that are sales pitches",
            before: ["Forty minutes in, still no useful tip.", "The slides, unreadable."],
            after: ["Three useful ideas in thirty minutes.", "Questions answered live."],
        },
    ),
    (
        "hackathon",
        Lines {
            chore: "having side projects that never ship",
            before: ["The side project, still at the idea stage.", "Building alone, stuck on the same bug."],
            after: ["A working prototype by Sunday night.", "A team formed in an hour, a product in two days."],
        },
    ),
    (
        "running-race",
        Lines {
            chore: "running the same loop alone",
            before: ["The same park loop every week.", "Motivation gone by week three."],
            after: ["The finish line, the crowd, the medal.", "A personal best with thousands cheering."],
        },
    ),
    (
        "wedding",
        Lines {
            chore: "planning a day that feels like someone else's",
            before: ["The guest list, rewritten eight times.", "A wedding that looks like every other."],
            after: ["A day that feels completely yours.", "Dancing until the sun comes up."],
        },
    ),
    (
        "trade-fair",
        Lines {
            chore: "chasing leads one by one",
            before: ["A year of calls to meet fifty buyers.", "A stand nobody stopped at."],
            after: ["A year of meetings in three days.", "Deals started over coffee at the stand."],
        },
    ),
    (
        "meetup",
        Lines {
            chore: "working alone with nobody to ask",
            before: ["Stuck on a problem, nobody to ask.", "Networking events full of business cards."],
            after: ["People who get what you do.", "A new friend and a new idea each month."],
        },
    ),
    (
        "food-festival",
        Lines {
            chore: "eating the same takeaway every weekend",
            before: ["The same takeaway menu, every Friday.", "Queueing at a market with nothing to eat."],
            after: ["Thirty kitchens in one street.", "Tasting the whole world in an afternoon."],
        },
    ),
    (
        "exhibition",
        Lines {
            chore: "scrolling art on a phone",
            before: ["Art seen only as thumbnails.", "Exhibitions that feel like homework."],
            after: ["A room you don't want to leave.", "Art that stays with you on the way home."],
        },
    ),
    (
        "retreat",
        Lines {
            chore: "taking holidays that leave you more tired",
            before: ["Back from holiday, more tired than before.", "The phone buzzing by the pool."],
            after: ["A week offline, and a clear head.", "Coming home calmer than you left."],
        },
    ),
    (
        "podcast",
        Lines {
            chore: "commuting in silence",
            before: [
                "Forty minutes on the train, scrolling the same feed.",
                "Podcasts that take twenty minutes to get to the point.",
            ],
            after: ["The episode that makes the commute too short.", "Learning something new every morning."],
        },
    ),
    (
        "youtube-channel",
        Lines {
            chore: "watching videos that waste your time",
            before: ["Ten-minute video, one minute of content.", "Clickbait, again."],
            after: ["The video that finally explains it.", "A new episode you actually wait for."],
        },
    ),
    (
        "newsletter",
        Lines {
            chore: "scrolling news that doesn't matter",
            before: ["Fifty tabs of news, nothing learned.", "An inbox full of promotions."],
            after: ["The one email opened first every week.", "Five minutes, and you know what matters."],
        },
    ),
    (
        "blog",
        Lines {
            chore: "searching for honest advice",
            before: ["Ten articles that say nothing.", "Advice written for search engines, not people."],
            after: ["The post that answered the question.", "Honest writing, worth bookmarking."],
        },
    ),
    (
        "food-blog",
        Lines {
            chore: "cooking the same five recipes",
            before: ["Pasta, again.", "A recipe that hides the ingredients under a life story."],
            after: ["Dinner guests asking for the recipe.", "A new favourite every week."],
        },
    ),
    (
        "travel-blog",
        Lines {
            chore: "booking trips from glossy ads",
            before: ["The \"hidden gem\" full of tour buses.", "A trip planned from ads and regretted."],
            after: ["Tips from someone who's been there.", "The trip that went better than planned."],
        },
    ),
    (
        "band",
        Lines {
            chore: "listening to the same playlist on repeat",
            before: ["The same playlist for three years.", "Music that sounds like everything else."],
            after: ["The song you play five times in a row.", "A band you tell everyone about."],
        },
    ),
    (
        "artist",
        Lines {
            chore: "filling walls with mass-produced prints",
            before: ["The same print as every other flat.", "Art that feels out of reach."],
            after: ["A piece that's the first thing guests notice.", "Art that makes the room yours."],
        },
    ),
    (
        "author",
        Lines {
            chore: "starting books you never finish",
            before: ["Three books started, none finished.", "Reading the same page three times."],
            after: ["Up until 2 a.m. for one more chapter.", "The book you press into a friend's hands."],
        },
    ),
    (
        "streamer",
        Lines {
            chore: "watching streams that all feel the same",
            before: ["The same stream, the same jokes.", "Chat moving too fast to say hello."],
            after: ["Laughing out loud at 1 a.m.", "A community that feels like friends."],
        },
    ),
    (
        "instagram-account",
        Lines {
            chore: "scrolling feeds that feel the same",
            before: ["Scrolling for an hour, remembering nothing.", "Every post an ad."],
            after: ["The account you check first every morning.", "Posts that make the day better."],
        },
    ),
    (
        "designer",
        Lines {
            chore: "settling for design that looks like everyone else's",
            before: ["A logo from a template, like everyone else's.", "Six rounds of changes, still not right."],
            after: ["A brand people remember.", "Design that makes the product look as good as it is."],
        },
    ),
    (
        "coach",
        Lines {
            chore: "setting goals that fade by February",
            before: ["Goals written in January, forgotten by February.", "Stuck in the same place for a year."],
            after: ["A clear plan and someone to keep you to it.", "Further in three months than in three years."],
        },
    ),
    (
        "online-community",
        Lines {
            chore: "figuring everything out alone",
            before: ["Stuck on the same question for a week.", "Forums where nobody answers."],
            after: ["An answer within the hour from someone who's been there.", "People who cheer for your wins."],
        },
    ),
    (
        "magazine",
        Lines {
            chore: "reading headlines that say nothing",
            before: ["Fifty headlines, nothing learned.", "Clickbait, again."],
            after: ["A long read that's worth the whole evening.", "Stories you think about for days."],
        },
    ),
];
