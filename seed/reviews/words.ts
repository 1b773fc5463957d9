import type { Category } from '~/src/domain/constants';

/** How the seeded shopper liked what they bought: it follows the rating they gave, so a product's comments agree with its stars. */
export type Tone = 'good' | 'mixed' | 'poor';

/**
 * What shoppers say of each category, by tone. `{shade}` is one of the
 * product's shades, `{name}` the product's name. Plain text: comments are
 * shown as words, never as HTML.
 */
export const REMARKS: Record<Category, Record<Tone, string[]>> = {
  blush: {
    good: [
      'The colour builds up slowly, so it is hard to overdo.',
      '{shade} gives me that just-came-in-from-the-cold flush.',
      'One tap of the brush is enough for the whole day.',
      'It blends into my foundation without lifting it.',
      'Still there at the end of a long shift.',
    ],
    mixed: [
      'Pretty colour, but it fades by mid-afternoon.',
      '{shade} is a bit stronger than it looks in the pan.',
      'Nice finish, though the pan is small for the price.',
    ],
    poor: ['Patchy on my skin however I apply it.', '{shade} turned orange on me after an hour.', 'The powder crumbled the first week.'],
  },
  bronzer: {
    good: [
      'Warm without looking muddy on my pale skin.',
      '{shade} makes me look like I had a week at the beach.',
      'No streaks, even when I apply it in a hurry.',
      'Great for contouring, it blends out so softly.',
      'A little goes a long way, this will last me ages.',
    ],
    mixed: [
      'Lovely colour but quite shimmery for daytime.',
      'Good bronzer, I just need a very light hand with it.',
      '{shade} is darker than I expected.',
    ],
    poor: ['Too orange for my skin tone.', 'It went patchy over my moisturiser.', 'Barely shows up, I had to layer it a lot.'],
  },
  cream: {
    good: [
      'My skin drinks it in and feels soft all day.',
      'Sinks in quickly, no greasy film under make-up.',
      'My dry patches were gone after a week.',
      'Light enough for summer, rich enough for winter.',
      'No fragrance, so my sensitive skin is happy.',
    ],
    mixed: [
      'Hydrating, but a little heavy for my oily T-zone.',
      'Nice texture, I just wish the jar were bigger.',
      'Works well at night, a bit shiny under foundation.',
    ],
    poor: [
      'It pilled under my sunscreen every morning.',
      'Gave me a couple of breakouts, so I stopped.',
      'Sits on top of the skin and never really sinks in.',
    ],
  },
  eyebrow: {
    good: [
      'The hair-like strokes look completely natural.',
      '{shade} matches my brows perfectly.',
      'My brows stay in place from morning gym to evening.',
      'Fills in the sparse bits without looking drawn on.',
      'The spoolie end is a nice touch.',
    ],
    mixed: [
      'Good hold, but the tip wears down quickly.',
      '{shade} is a touch warm for my hair colour.',
      'Nice formula, takes some practice to keep it subtle.',
    ],
    poor: ['Too waxy, it drags on the skin.', 'Smudged off by lunchtime.', '{shade} looked grey on me.'],
  },
  eyeliner: {
    good: [
      'I can finally draw a sharp wing in one go.',
      'Did not budge through a whole wedding, tears included.',
      'The tip is precise and the colour is intense.',
      '{shade} is gorgeous for an evening look.',
      'Easy to smudge for a few seconds, then it sets.',
    ],
    mixed: [
      'Lovely colour, but it transfers onto my upper lid.',
      'Great for the lash line, too soft for the waterline.',
      'Works well, though the cap is hard to pull off.',
    ],
    poor: ['Flaked off by the afternoon.', 'The tip frayed after a few uses.', 'Smudged into panda eyes even with primer.'],
  },
  eyeshadow: {
    good: [
      'Blends like a dream, no patchiness at all.',
      '{shade} catches the light so beautifully.',
      'No creasing even after a ten-hour day.',
      'Pigmented enough that one layer does it.',
      'Works as a wash of colour or built up for the evening.',
    ],
    mixed: [
      'Gorgeous shade, a little fallout under the eyes.',
      'Needs a primer to last on my oily lids.',
      '{shade} is sheerer than it looks.',
    ],
    poor: ['Creased within an hour.', 'Chalky and hard to blend.', '{shade} barely shows up on my skin.'],
  },
  foundation: {
    good: [
      '{shade} matches my skin perfectly, no orange line at the jaw.',
      'Covers my redness but still looks like skin.',
      'Lasts through a full work day without going cakey.',
      'Breathable, I forget I am wearing it.',
      'Buildable coverage, one pump does my whole face.',
    ],
    mixed: [
      'Nice finish, but it oxidises a shade darker.',
      'Good coverage, a bit drying around my nose.',
      'Looks lovely in the morning, needs powder by lunch.',
    ],
    poor: ['Settled into every fine line I have.', '{shade} was far too pink for me.', 'Separated on my skin after two hours.'],
  },
  lipliner: {
    good: [
      'Keeps my lipstick from feathering all evening.',
      '{shade} works on its own as an everyday nude.',
      'Creamy enough to fill in the whole lip.',
      'Stays sharp without needing to sharpen every time.',
      'Does not dry my lips out at all.',
    ],
    mixed: [
      'Good colour, but it breaks if I press too hard.',
      'Lasts well, a little dry on its own.',
      '{shade} is slightly darker than my lipstick.',
    ],
    poor: ['Too hard, it tugs at my lips.', 'Wore off before my lipstick did.', '{shade} looked brown rather than pink.'],
  },
  lipstick: {
    good: [
      'The colour stays put through coffee and lunch.',
      'Matte but not drying, which is rare.',
      '{shade} is my new signature colour.',
      'Rich colour in one swipe, no patches.',
      'Comfortable enough to wear all day.',
    ],
    mixed: [
      'Beautiful colour, but I reapply after every meal.',
      '{shade} is a little more purple than on screen.',
      'Nice formula, tends to settle into lip lines.',
    ],
    poor: ['Dried my lips out within an hour.', 'Patchy and it bled past my lip line.', '{shade} looked nothing like the picture.'],
  },
  mascara: {
    good: [
      'No clumps, even with three coats.',
      'Holds a curl all day on my very straight lashes.',
      'Lengthens without flaking by the evening.',
      'My lashes look like falsies with two coats.',
      'Comes off easily with warm water at night.',
    ],
    mixed: [
      'Good volume, but the wand is a bit big for my lower lashes.',
      'Nice length, it dries out within a couple of months.',
      'Great at first, smudges a little in humid weather.',
    ],
    poor: [
      'Clumped no matter how carefully I applied it.',
      'Smudged under my eyes by the afternoon.',
      'My lashes dropped their curl within an hour.',
    ],
  },
  palette: {
    good: [
      'Every shade in here is wearable, no fillers.',
      'The mattes and shimmers work perfectly together.',
      '{shade} covers everything from office to party.',
      'The mirror and slim case make it great for travel.',
      'So pigmented, the shimmers look wet on the lid.',
    ],
    mixed: [
      'Lovely shimmers, the mattes are a bit dusty.',
      'Great colours, though I only use about half.',
      'Nice palette, the case feels flimsy.',
    ],
    poor: ['The darker shades were patchy and chalky.', 'A few pans cracked on arrival.', 'Lots of fallout, I have to do my eyes first.'],
  },
};

/** How a comment may begin, whatever was bought. */
export const OPENERS: Record<Tone, string[]> = {
  good: [
    'Bought this on a whim and I am so glad I did.',
    'Second one already.',
    'My sister recommended it and she was right.',
    'I was sceptical after so many disappointments.',
    'Got this for a wedding.',
    'Love the {name}.',
  ],
  mixed: ['It is fine, not amazing.', 'I wanted to love this.', 'Decent for the price.', 'Mixed feelings about the {name}.'],
  poor: ['Really disappointed.', 'Not for me, sadly.', 'I had high hopes for the {name}.'],
};

/** How a comment may end. */
export const CLOSERS: Record<Tone, string[]> = {
  good: [
    'Would buy again.',
    'Worth every cent.',
    'Already on my wish list in another shade.',
    'Arrived quickly and well packed too.',
    'Highly recommend.',
  ],
  mixed: ['Might try another shade.', 'Okay for everyday.', 'Not sure I would buy it again.'],
  poor: ['I will not repurchase.', 'Gave it away to a friend.', 'Maybe it suits other skin types.'],
};
