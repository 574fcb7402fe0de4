// The six nations' colours and labels. The colours are from Okabe and Ito's palette, which people with
// the common colour-vision deficiencies can tell apart; every coloured thing also carries its nation's
// two-letter code, so colour is never the only clue. `land` fills a home province on the map; `tint` is paler.
// `ink` is the code's colour on the nation's: black wherever white would fall below WCAG AA's 4.5:1 (the
// bluish green and the vermillion give white only 3.4 and 3.9).

export const NATIONS = {
  russia: { code: 'RU', colour: '#CC79A7', land: '#e6bcd3', ink: '#000', tint: '#f5e4ee' }, // reddish purple
  china: { code: 'CN', colour: '#F0E442', land: '#f8f2a0', ink: '#000', tint: '#fbf8d4' }, // yellow
  india: { code: 'IN', colour: '#E69F00', land: '#f2cf80', ink: '#000', tint: '#fbecd0' }, // orange
  brazil: { code: 'BR', colour: '#009E73', land: '#80ceb9', ink: '#000', tint: '#d5efe6' }, // bluish green
  usa: { code: 'US', colour: '#D55E00', land: '#eaae80', ink: '#000', tint: '#f7dccb' }, // vermillion
  europe: { code: 'EU', colour: '#0072B2', land: '#80b8d8', ink: '#fff', tint: '#d3e6f3' }, // blue
};

export const nation = (id) => NATIONS[id] ?? { code: '??', colour: '#999', ink: '#000', land: '#ddd', tint: '#eee' };

/** City colours of factory sites: brown armaments works, blue shipyards, as on the printed board. */
export const FACTORY = {
  armaments: { letter: 'A', colour: '#7a4a1e', word: 'armaments factory', article: 'an' },
  shipyard: { letter: 'S', colour: '#1f5f8b', word: 'shipyard', article: 'a' },
};
