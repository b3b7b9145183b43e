//! English.

use crate::{Carousel, Domain, Lang, Meme, Person, Pitch, Unnamed};

pub const LANG: Lang = Lang {
    code: "en",
    unnamed: Unnamed { product: "this app", company: "this team", person: "this creator", idea: "this idea" },
    domains: [
        // ai
        Domain {
            chores: ["doing by hand what an agent could do", "babysitting prompts all day"],
            pains: ["Copying the same answer into the chatbot for the fifth time.", "Rewriting the prompt. Again."],
            gains: ["The agent did it while I slept.", "One instruction. Done by lunch."],
        },
        // software
        Domain {
            chores: ["switching between twelve tabs", "copy-pasting between tools"],
            pains: [
                "Exporting a CSV just to paste it into another tool.",
                "Twelve tabs open, none of them the right one.",
            ],
            gains: ["Everything in one place, finally.", "Set it up once. It just runs."],
        },
        // finance
        Domain {
            chores: ["chasing invoices", "doing the books on a Sunday night"],
            pains: [
                "Sending the third reminder for the same invoice.",
                "Sunday night, a spreadsheet and receipts everywhere.",
            ],
            gains: ["Paid on time, without asking twice.", "The books closed themselves this month."],
        },
        // crypto
        Domain {
            chores: ["waiting three days for a bank transfer", "paying fees to move your own money"],
            pains: ["Refreshing the bank app to see if the transfer landed.", "A fee to send my own money. Again."],
            gains: ["Sent, settled, done in seconds.", "Your money, moving at internet speed."],
        },
        // marketing
        Domain {
            chores: ["posting into the void", "guessing what the audience wants"],
            pains: ["Refreshing a post that got four likes.", "Three hours on one caption. Eleven views."],
            gains: ["Posts people actually share.", "The audience found us this time."],
        },
        // sales
        Domain {
            chores: ["sending cold emails nobody opens", "chasing follow-ups that go nowhere"],
            pains: ["Sending follow-up number six.", "Another demo, another \"let me think about it\"."],
            gains: ["Replies that start with \"yes\".", "A full calendar of people who asked for the call."],
        },
        // food
        Domain {
            chores: ["settling for a sad desk lunch", "eating the same thing every day"],
            pains: ["Staring into the fridge for the third time tonight.", "Lunch at my desk. Again. Beige again."],
            gains: ["Something good to eat, without the fuss.", "The best part of the day is lunch now."],
        },
        // fitness
        Domain {
            chores: ["paying for a gym you never visit", "starting over every Monday"],
            pains: ["Promising to start on Monday. Every Monday.", "The gym membership I pay for and never use."],
            gains: ["Three weeks in and still going.", "Stronger than last month, and it shows."],
        },
        // health
        Domain {
            chores: ["waiting weeks for an appointment", "googling symptoms at 2 a.m."],
            pains: ["Googling symptoms at 2 a.m.", "On hold with the clinic. Minute forty."],
            gains: ["Answers the same day, from someone who knows.", "Feeling better, and knowing why."],
        },
        // education
        Domain {
            chores: ["memorising what you'll forget by Friday", "buying courses you never finish"],
            pains: [
                "Still on lesson two of a course bought last year.",
                "Rereading the same page for the fourth time.",
            ],
            gains: ["It finally makes sense.", "Ten minutes a day, and it sticks."],
        },
        // travel
        Domain {
            chores: ["planning a trip in forty tabs", "paying tourist prices"],
            pains: ["Comparing the same flight on six sites.", "The trip was great. The planning almost killed it."],
            gains: ["Booked in minutes, better than I planned.", "More trip, less planning."],
        },
        // style
        Domain {
            chores: ["staring at a full closet with nothing to wear", "buying clothes that never fit"],
            pains: ["A full closet and nothing to wear.", "Ordered my size. Again, it does not fit."],
            gains: ["Dressed in five minutes, and I love it.", "Finally, something that fits."],
        },
        // creator
        Domain {
            chores: ["editing one video all weekend", "posting every day to stay visible"],
            pains: ["Five hours of editing for a thirty-second video.", "Posted daily for a month. Same views."],
            gains: ["A week of posts, made in an afternoon.", "Content that looks like a team made it."],
        },
        // general
        Domain {
            chores: ["doing it the hard way", "settling for \"good enough\""],
            pains: ["Doing it the hard way for the hundredth time.", "There has to be a better way to do this."],
            gains: ["Easier than it has any right to be.", "It just works, and it shows."],
        },
    ],
    meme: Meme {
        image: [
            ("{pain}", "{name}: sorted."),
            ("Everyone else: {pain}", "Me with {name}: {gain}"),
            ("Before {name}: {pain}", "After: {gain}"),
            ("Nobody:\nMe at 11 p.m.: {pain}", "Anyone who found {name}: {gain}"),
        ],
        hottake: [
            "Hot take: {chore} is a choice now. {name} made sure of it.",
            "Unpopular opinion: {chore} was never \"just how it works\".",
            "Say it with me: no more {chore}. That's what {name} is for.",
            "In five years, {chore} will sound as old as fax machines. {name} is why.",
        ],
        confession: [
            "Confession: I spent years {chore}. Then I found {name}.",
            "I'll admit it: {pain} Not anymore. {name}.",
            "True story: {pain} {name} fixed that in a week.",
            "My secret? I stopped {chore}. {name} does the heavy lifting now.",
        ],
        reply: [
            ("Is {name} really worth it?", "Ask anyone who stopped {chore}."),
            ("I'll just keep doing it the old way.", "{gain} That's {name}."),
            ("{name}? Sounds too good to be true.", "Try it for a week. Then tell me you miss {chore}."),
            ("Why would I switch?", "Because {chore} is costing you more than you think. {name}."),
        ],
    },
    person: Person {
        image: [
            ("Everyone else: {pain}", "People who follow {name}: {gain}"),
            ("Before I read {name}: {pain}", "After: {gain}"),
        ],
        hottake: [
            "Hot take: {chore} is optional once you follow {name}.",
            "Say it with me: no more {chore}. {name} showed us how.",
        ],
        confession: [
            "Confession: I spent years {chore}. Then I started reading {name}.",
            "True story: {pain} Then {name} posted about it.",
        ],
        reply: [
            ("Is {name} worth following?", "Ask anyone who stopped {chore}."),
            ("Why follow {name}?", "{gain} That's what {name} shares."),
        ],
        turns: ["Then I started following {name}.", "Enter {name}."],
    },
    carousel: Carousel {
        covers: ["{name}: what changes when you stop {chore}", "{name}, in one minute"],
        turns: ["Then came {name}.", "Enter {name}."],
        numbers: ["{number}: the number that says it all.", "{number}. Let that sink in."],
        closers: ["Save this for the next time someone says it can't be done.", "Send this to someone who needs it."],
    },
    pitch: Pitch {
        title: "For {first}",
        hello: ["Hi {first},", "Hey {first},", "{first}, hi."],
        hello_team: ["Hi {name} team,", "Hello to everyone at {name},"],
        hello_anyone: "Hi there,",
        title_anyone: "A note for you",
        seen_site: ["I spent a few minutes on your site today.", "I had a good look around your website."],
        seen_x: ["Your posts on X keep showing up in my feed.", "I've been reading your posts on X."],
        seen_linkedin: ["Your LinkedIn profile caught my eye.", "I came across your profile on LinkedIn."],
        seen_sentence: ["I've heard good things about your work.", "Your name came up, for good reasons."],
        company: ["What you're building at {company} stands out.", "The work at {company} caught my attention."],
        role: ["As {role}, you know how much every hour counts.", "As {role}, you juggle a hundred things at once."],
        topic: ["Your posts about {topic} are worth reading.", "You clearly know {topic} inside out."],
        work: ["You clearly care about what you make.", "It shows how much goes into your work."],
        offer: ["That's exactly what {offer} is for.", "{offer} was made for this.", "This is where {offer} comes in."],
        idea: ["I have an idea that could save you that time.", "There's an easier way, and I'd love to show you."],
        ask: ["Have a look, it takes a minute.", "Curious what you think.", "Worth a look when you have a minute."],
        cta: ["Take a look", "See how it works", "Try it"],
    },
    negatives: &[
        "overrated",
        "useless",
        "worthless",
        "scam",
        "worst",
        "terrible",
        "awful",
        "garbage",
        "trash",
        "sucks",
        "waste of",
        "fail",
        "dead",
        "boring",
        "broken",
        "pointless",
        "bad",
        "hate",
        "overhyped",
    ],
};
