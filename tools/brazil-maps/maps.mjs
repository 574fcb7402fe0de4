// The four provisional maps: the real area each one samples, the geographic zones that give each hex
// its terrain, the real towns offered as capital sites, and the constraints the generator checks.
//
// Positions are decimal degrees (lon, lat) of town centres, hill tops and historic mining sites: public
// geographic facts typed in by hand to 0.01 degree (about 1 km, far finer than any hex here).
import * as G from './geo.mjs';
import * as H from './hex.mjs';

/** Water hexes for a map: those of its area whose centre is off the land and `inside` a bay or estuary. */
function waterWhere(inside) {
  return {
    hexes(frame) {
      const out = new Set();
      const a = frame.area;
      for (let r = 0; r < 40; r++)
        for (let c = 0; c < 40; c++) {
          const p = H.centre(frame, r, c);
          if (p[0] < a.lonW || p[0] > a.lonE || p[1] > a.latN || p[1] < a.latS) continue;
          if (inside(p) && !G.isLand(p)) out.add(H.key(r, c));
        }
      return out;
    },
  };
}

const RIVERS_KM = G.segmentIndex(G.allRiverLines);

// ------------------------------------------------------------------ 1. solo: Pernambuco, near Recife
const GUARARAPES_HILLS = [-34.95, -8.16];
const guararapes = {
  id: 'guararapes',
  name: 'Battle of the Guararapes Hills (approximation)',
  players: 1,
  water_rule: false,
  // the solo scenario prints no battle likelihood
  scenario: { id: 'guararapes', rules: 'Solo: by the end of round 20 reach era III through your own goals, have all five of your units on the map, and take the Dutch capital by winning a battle in it; the Dutch never attack, and defend with a blind battle card per unit on the hex.' },
  source:
    'provisional: Pernambuco between the Borborema escarpment and Recife; the coast is the east edge, green starts inland to the north-west, the Dutch hold Recife in the south-east, the Atlantic forest belt lies between',
  zones: [
    'zones: field within 15 km of the sea (coastal plain and lower valleys, cane land); forest 15-55 km (the Atlantic forest belt, Zona da Mata);',
    'gold deposit 55-75 km (stand-in for the Borborema escarpment hills: Pernambuco had no gold mines) and the hex of the',
    'Guararapes hills (stand-in, likewise); field beyond 75 km (the Agreste).',
  ],
  area: { lonW: -35.78, lonE: -34.8, latN: -7.6, latS: -8.3 },
  // the map is the ground between the two camps: hexes within `widthKm` of the line from
  // Bom Jardim (inland, north-west) to the Guararapes hills (south of Recife)
  corridor: { from: [-35.59, -7.8], to: GUARARAPES_HILLS, widthKm: [16, 18, 20, 22, 24] },
  steps: [0.1, 0.105, 0.11, 0.115, 0.12, 0.125],
  goldSites: [['Guararapes hills', ...GUARARAPES_HILLS]],
  classify(p) {
    const d = G.coastKm(p, 200);
    if (d < 15) return 'f';
    if (d < 55) return 'w';
    if (d < 75) return 'g';
    return 'f';
  },
  capitals: [
    { mark: 'C', towns: [['Surubim', -35.76, -7.83], ['Bom Jardim', -35.59, -7.8], ['Orobó', -35.6, -7.74], ['João Alfredo', -35.59, -7.86], ['Limoeiro', -35.45, -7.87], ['Umbuzeiro', -35.66, -7.69], ['Passira', -35.58, -7.99], ['Cumaru', -35.7, -8.01]] },
    { mark: 'D', towns: [['Recife', -34.88, -8.05], ['Olinda', -34.86, -8.01]] },
  ],
  relaxHood: [],
  places: [
    ['Olinda', -34.86, -8.01],
    ['Guararapes hills', ...GUARARAPES_HILLS],
    ['Igarassu', -34.91, -7.83],
    ['Goiana', -35.0, -7.56],
    ['Vitória de Santo Antão', -35.29, -8.12],
    ['Gravatá', -35.56, -8.2],
  ],
  targets: { land: 30, q: 6, water: [0, 0] },
  // green top-left, Dutch bottom-right, 7-8 apart, at least two forest hexes on the line between
  extraCheck(grid, caps) {
    const errs = [];
    const c = caps.find((x) => x.mark === 'C'), d = caps.find((x) => x.mark === 'D');
    const dist = H.distance(c.at, d.at);
    if (dist < 7 || dist > 8) errs.push(`green-Dutch distance ${dist}, want 7-8`);
    if (!(c.at[0] < d.at[0] && c.at[1] < d.at[1])) errs.push('green capital is not up-left of the Dutch one');
    const ridge = H.line(c.at, d.at).filter(([r, cc]) => grid.cells.get(H.key(r, cc)) === 'w').length;
    if (ridge < 2) errs.push(`only ${ridge} forest hexes between the capitals`);
    return errs;
  },
  prefer: (grid, caps) => caps.find((x) => x.mark === 'C').at[0] * 0.5, // green as high up as the rest allows
  report(grid, caps) {
    const c = caps.find((x) => x.mark === 'C'), d = caps.find((x) => x.mark === 'D');
    const ridge = H.line(c.at, d.at).map(([r, cc]) => grid.cells.get(H.key(r, cc))).join('');
    return `green-Dutch distance ${H.distance(c.at, d.at)}, hexes on the line between: ${ridge}`;
  },
};


// ------------------------------------------------------------------ shared pieces
// The hexes a river's centre line passes through, inside the map's area, thinned to a chain one hex
// wide: where the line only grazes a hex between two hexes that touch each other, that hex stays land.
function riverHexes(lines) {
  return (frame) => {
    const area = frame.area;
    const out = new Set();
    for (const line of lines) {
      const seq = [];
      for (let i = 1; i < line.length; i++) {
        const [a, b] = [line[i - 1], line[i]];
        const n = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.005) || 1;
        for (let k = 0; k <= n; k++) {
          const p = [a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n];
          if (p[0] < area.lonW || p[0] > area.lonE || p[1] > area.latN || p[1] < area.latS) continue;
          const h = H.hexAt(frame, p);
          if (!seq.length || seq[seq.length - 1].join() !== h.join()) seq.push(h);
        }
      }
      // drop revisits (keep the path from the first to the last visit) and grazed hexes
      for (let changed = true; changed; ) {
        changed = false;
        for (let i = 0; i < seq.length; i++) {
          const j = seq.findLastIndex((h) => h.join() === seq[i].join());
          if (j > i) { seq.splice(i + 1, j - i); changed = true; break; }
          if (i + 2 < seq.length && H.distance(seq[i], seq[i + 2]) === 1) { seq.splice(i + 1, 1); changed = true; break; }
        }
      }
      for (const h of seq) out.add(H.key(...h));
    }
    return out;
  };
}

// Colonial gold and diamond workings of Minas Gerais (18th century): the hex holding one is a gold deposit.
const MINAS_GOLD = [
  ['Ouro Preto', -43.5, -20.39], ['Mariana', -43.42, -20.38], ['Sabará', -43.81, -19.89], ['Caeté', -43.67, -19.88],
  ['Santa Bárbara', -43.41, -19.96], ['Congonhas', -43.86, -20.5], ['Itabira', -43.23, -19.62],
  ['Conceição do Mato Dentro', -43.42, -19.04], ['Serro', -43.38, -18.6], ['Diamantina', -43.6, -18.24],
  ['Datas diamond workings', -43.66, -18.45], ['Couto de Magalhães diamond workings', -43.47, -18.07], ['Milho Verde', -43.48, -18.47],
  ['Pitangui', -44.89, -19.68], ['Itapecerica (Tamanduá)', -45.12, -20.47], ['São João del-Rei', -44.26, -21.14], ['Tiradentes', -44.18, -21.11],
  ['Paracatu', -46.87, -17.22], ['Minas Novas', -42.59, -17.22], ['Grão Mogol', -42.89, -16.56],
  ['Itacambira', -43.31, -17.06], ['Abaeté diamond washings', -45.45, -19.16], ['Coromandel diamond washings', -47.2, -18.47],
];

// ------------------------------------------------------------------ 3 players: the São Francisco in Minas Gerais
const SAO_FRANCISCO = G.riverChain([-46.5, -20.32], [-36.41, -10.49]); // source in the Serra da Canastra, mouth on the Atlantic
// Water: the river below the first big confluence (the Paraopeba, where Natural Earth's headwater line ends).
const SF_MAIN = SAO_FRANCISCO.slice(1);
const sfArea = { lonW: -46.4, lonE: -41.9, latN: -16.6, latS: -20.7 };
const saoFrancisco = {
  id: 'sao_francisco',
  name: 'The São Francisco River (approximation)',
  players: 3,
  water_rule: true,
  scenario: { id: 'sao_francisco', battle: 1, rules: 'The great river runs through the middle of the map. Water: only the main move, or the extra move of Renew, enters or leaves a water hex.' },
  source:
    'provisional: the upper São Francisco in Minas Gerais, from the Serra da Canastra past Três Marias to Pirapora, through the middle of the map; the gold towns east of it, the cerrado west, the Atlantic forest to the east',
  zones: [
    'zones: water where the Natural Earth centre line of the São Francisco crosses the hex; gold deposit where a',
    'colonial gold or diamond working lies in the hex; forest within 340 km of the sea (the Atlantic forest reaches',
    'inland to the Espinhaço range) or within 12 km of another big river (gallery forest); field elsewhere (cerrado).',
  ],
  area: sfArea,
  steps: [0.5, 0.52, 0.54, 0.56, 0.58, 0.6, 0.62, 0.64],
  water: { hexes: riverHexes(SF_MAIN) },
  shifts: [-0.4, 0, 0.4].flatMap((dx) => [-0.4, 0, 0.4].map((dy) => [dx, dy])),
  goldSites: MINAS_GOLD,
  classify: minasForestOrField,
  capitals: [
    { mark: 'C', towns: [['Dores do Indaiá', -45.6, -19.46], ['Abaeté', -45.45, -19.16], ['João Pinheiro', -46.17, -17.74], ['Bom Despacho', -45.25, -19.74], ['Morada Nova de Minas', -45.36, -18.6], ['Patos de Minas', -46.52, -18.58], ['Luz', -45.68, -19.79], ['Lagoa da Prata', -45.54, -20.02], ['Paracatu', -46.87, -17.22], ['Tiros', -45.96, -19.0], ['Presidente Olegário', -46.42, -18.42]] },
    { mark: 'C', towns: [['Ouro Preto', -43.5, -20.39], ['Mariana', -43.42, -20.38], ['Sabará', -43.81, -19.89], ['Itabira', -43.23, -19.62], ['Congonhas', -43.86, -20.5], ['Santa Bárbara', -43.41, -19.96], ['Pitangui', -44.89, -19.68], ['Itapecerica', -45.12, -20.47], ['Divinópolis', -44.88, -20.14], ['Sete Lagoas', -44.25, -19.47], ['Belo Horizonte', -43.94, -19.92]] },
    { mark: 'C', towns: [['Diamantina', -43.6, -18.24], ['Serro', -43.38, -18.6], ['Guanhães', -42.93, -18.77], ['Minas Novas', -42.59, -17.22], ['Itamarandiba', -42.86, -17.86], ['Capelinha', -42.52, -17.69], ['Curvelo', -44.43, -18.76], ['Conceição do Mato Dentro', -43.42, -19.04], ['Bocaiúva', -43.82, -17.11], ['Montes Claros', -43.86, -16.73]] },
  ],
  places: [['Pirapora', -44.94, -17.34], ['Três Marias', -45.24, -18.2], ['Serra da Canastra', -46.5, -20.25], ['Mariana', -43.42, -20.38], ['Paracatu', -46.87, -17.22]],
  targets: { land: 52, q: 12, water: [5, 7] },
  previewLines: () => SAO_FRANCISCO,
};


// ------------------------------------------------------------------ 4 players: Guanabara Bay, Rio de Janeiro
// The bay: sea north of its mouth (between the Sugarloaf and Santa Cruz fortress, about 22.94 S).
const BAY = { lonW: -43.3, lonE: -42.97, latS: -22.94 };
const inBay = (p) => p[0] > BAY.lonW && p[0] < BAY.lonE && p[1] > BAY.latS;
// The bay's shore: the coast segments inside that box, for "distance to the bay".
// Sepetiba Bay, west of Rio, has the same lowland around it.
const SEPETIBA = (q) => q[0] > -44.0 && q[0] < -43.55 && q[1] > -23.02 && q[1] < -22.85;
const BAY_SHORE_KM = G.segmentIndex(
  G.coastLines.flatMap((ring) => [ring.filter((q) => inBay(q) && q[1] < -22.6), ring.filter(SEPETIBA)]).filter((r) => r.length > 1),
);
// Granite massifs of the Rio de Janeiro landscape (peaks), the stand-in for gold deposits here.
const RIO_MASSIFS = [
  ['Tijuca massif', -43.29, -22.94], ['Pedra Branca massif', -43.48, -22.93], ['Serra do Mendanha', -43.51, -22.83],
  ['Serra do Tinguá', -43.43, -22.58], ['Serra dos Órgãos', -43.03, -22.46], ['Serra da Tiririca', -43.02, -22.93],
  ['Serra da Misericórdia', -43.29, -22.85], ['Serra da Estrela', -43.22, -22.55],
];
const guanabara = {
  id: 'guanabara',
  name: 'Rio de Janeiro, 1567 (approximation)',
  players: 4,
  water_rule: true,
  scenario: { id: 'rio_1567', battle: 3, rules: 'The French and the Portuguese fight for Guanabara Bay. Water: only the main move, or the extra move of Renew, enters or leaves a water hex.' },
  source:
    'provisional: Guanabara Bay and its shores, Rio de Janeiro; the bay is the water in the middle, the Serra do Mar to the north, the open sea to the south is the map edge',
  zones: [
    'zones: water where the hex centre is in Guanabara Bay (sea north of its mouth); gold deposit where a granite',
    'massif peak lies in the hex (stand-in: no gold was mined around the bay); field within 25 km of the shores of',
    'Guanabara and Sepetiba bays (the Baixada lowlands) or within 6 km of the open sea (sandbanks and lagoons);',
    'forest elsewhere (the Atlantic forest of the Serra do Mar and the hills).',
  ],
  area: { lonW: -43.8, lonE: -42.62, latN: -22.38, latS: -23.0 },
  steps: [0.09, 0.095, 0.1, 0.105, 0.11, 0.115, 0.12],
  shifts: [-0.05, 0, 0.05].flatMap((dx) => [-0.05, 0, 0.05].map((dy) => [dx, dy])),
  water: waterWhere(inBay),
  goldSites: RIO_MASSIFS,
  classify(p) {
    if (BAY_SHORE_KM(p, 40) < 25) return 'f';
    if (G.coastKm(p, 40) < 6) return 'f';
    return 'w';
  },
  capitals: [
    { mark: 'C', towns: [['Rio de Janeiro', -43.18, -22.91], ['Campo Grande', -43.56, -22.9], ['Santa Cruz', -43.69, -22.92], ['Itaguaí', -43.78, -22.85], ['Seropédica', -43.71, -22.74]] },
    { mark: 'C', towns: [['Nova Iguaçu', -43.45, -22.76], ['Queimados', -43.56, -22.72], ['Japeri', -43.65, -22.64], ['Paracambi', -43.71, -22.61], ['Petrópolis', -43.18, -22.51], ['Duque de Caxias', -43.31, -22.79], ['Miguel Pereira', -43.47, -22.45]] },
    { mark: 'C', towns: [['Teresópolis', -42.97, -22.41], ['Guapimirim', -42.98, -22.54], ['Cachoeiras de Macacu', -42.65, -22.46], ['Magé', -43.04, -22.65]] },
    { mark: 'C', towns: [['Niterói', -43.1, -22.88], ['São Gonçalo', -43.05, -22.83], ['Maricá', -42.82, -22.92], ['Itaboraí', -42.86, -22.74], ['Rio Bonito', -42.62, -22.71], ['Tanguá', -42.72, -22.73]] },
  ],
  places: [['Niterói', -43.1, -22.88], ['Rio de Janeiro', -43.18, -22.91], ['Tijuca massif', -43.29, -22.94], ['Magé', -43.04, -22.65], ['Petrópolis', -43.18, -22.51]],
  targets: { land: 66, q: 16, water: [3, 4] },
  previewLines: () => [],
};


// ------------------------------------------------------------------ 2 players: the gold road of Minas Gerais
const minasGerais = {
  id: 'minas_gerais',
  // not a scenario of the rulebook: the map old two-player records were played on
  name: 'Minas Gerais Gold Road (approximation; not a rulebook scenario)',
  players: 2,
  water_rule: false,
  source:
    'provisional: the gold country of Minas Gerais along the Espinhaço range, from Ouro Preto in the south to Diamantina in the north; no water on the map',
  zones: [
    'zones: gold deposit where a colonial gold or diamond working lies in the hex; forest within 340 km of the sea',
    '(the Atlantic forest side, east of the Espinhaço) or within 12 km of a big river (gallery forest); field elsewhere',
    '(cerrado and the high rocky grasslands).',
  ],
  area: { lonW: -44.4, lonE: -42.6, latN: -17.9, latS: -20.7 },
  steps: [0.38, 0.4, 0.42, 0.44, 0.46, 0.48, 0.5],
  shifts: [-0.3, 0, 0.3].flatMap((dx) => [-0.2, 0, 0.2].map((dy) => [dx, dy])),
  goldSites: MINAS_GOLD,
  classify: minasForestOrField,
  capitals: [
    { mark: 'C', towns: [['Ouro Preto', -43.5, -20.39], ['Mariana', -43.42, -20.38], ['Congonhas', -43.86, -20.5], ['Ouro Branco', -43.69, -20.52], ['Sabará', -43.81, -19.89], ['Santa Bárbara', -43.41, -19.96], ['Itabirito', -43.8, -20.25]] },
    { mark: 'C', towns: [['Diamantina', -43.6, -18.24], ['Serro', -43.38, -18.6], ['Gouveia', -43.74, -18.45], ['Datas', -43.66, -18.45], ['Conceição do Mato Dentro', -43.42, -19.04]] },
  ],
  places: [['Ouro Preto', -43.5, -20.39], ['Mariana', -43.42, -20.38], ['Sabará', -43.81, -19.89], ['Serro', -43.38, -18.6], ['Itabira', -43.23, -19.62], ['Curvelo', -44.43, -18.76]],
  targets: { land: 38, q: 8, water: [0, 0] },
  // capitals at opposite ends: at least 5 rows apart
  extraCheck(grid, caps) {
    return Math.abs(caps[0].at[0] - caps[1].at[0]) < 5 ? ['capitals not at opposite ends'] : [];
  },
};


// ------------------------------------------------------------------ 2 players: the Argentine–Brazilian War
// The Cisplatine War (1825-1828) was fought over the Banda Oriental (Uruguay) and on the campanha of Rio
// Grande do Sul, where the armies met at Ituzaingó (Passo do Rosário). Gold: the 19th-century gold workings
// of the Sul-Rio-Grandense shield (Lavras do Sul, Caçapava, Camaquã) and of Minas de Corrales in Uruguay.
const CISPLATINE_MINES = [
  ['Lavras do Sul', -53.9, -30.81], ['Caçapava do Sul', -53.49, -30.51], ['Minas do Camaquã', -53.44, -30.91],
  ['Minas de Corrales', -55.47, -31.57],
];
const argentineBrazilianWar = {
  id: 'argentine_brazilian_war',
  name: 'The Argentine–Brazilian War (approximation)',
  players: 2,
  water_rule: false,
  scenario: { id: 'argentine_brazilian_war', battle: 3, rules: 'The Cisplatine War: the empires face each other across the campanha of Rio Grande do Sul and the Banda Oriental. No water on the map.' },
  source:
    'provisional: the campanha of Rio Grande do Sul and the north of Uruguay (the Banda Oriental), where the Cisplatine War was fought; the Brazilian side to the north-east, the Oriental side to the south-west, the Ituzaingó battlefield between; no water on the map',
  zones: [
    'zones: gold deposit within 35 km of a 19th-century gold working (Lavras do Sul, Caçapava do Sul, Minas do Camaquã,',
    'Minas de Corrales); forest within 25 km of a big river (gallery forest) or north of 29.9 S (the forests of the Serra',
    'Geral); field elsewhere (the grasslands of the campanha and the Banda Oriental).',
  ],
  area: { lonW: -57.2, lonE: -52.6, latN: -29.4, latS: -32.6 },
  steps: [0.5, 0.52, 0.54, 0.56, 0.58, 0.6, 0.62, 0.64, 0.66],
  shifts: [-0.3, 0, 0.3].flatMap((dx) => [-0.3, 0, 0.3].map((dy) => [dx, dy])),
  goldSites: CISPLATINE_MINES,
  classify(p) {
    if (CISPLATINE_MINES.some(([, lon, lat]) => G.pointKm(p, [lon, lat]) < 35)) return 'g';
    if (RIVERS_KM(p, 40) < 25) return 'w';
    if (p[1] > -29.9) return 'w';
    return 'f';
  },
  capitals: [
    { mark: 'C', towns: [['São Gabriel', -54.32, -30.34], ['Caçapava do Sul', -53.49, -30.51], ['Bagé', -54.11, -31.33], ['Dom Pedrito', -54.67, -30.98], ['Santa Maria', -53.81, -29.69], ['Cachoeira do Sul', -52.89, -30.04], ['Lavras do Sul', -53.9, -30.81]] },
    { mark: 'C', towns: [['Rivera', -55.55, -30.9], ['Tacuarembó', -55.98, -31.71], ['Melo', -54.18, -32.37], ['Santana do Livramento', -55.53, -30.89], ['Artigas', -56.47, -30.4], ['Alegrete', -55.79, -29.78], ['Minas de Corrales', -55.47, -31.57]] },
  ],
  places: [['Rosário do Sul (Ituzaingó)', -54.91, -30.25], ['Bagé', -54.11, -31.33], ['Tacuarembó', -55.98, -31.71], ['Alegrete', -55.79, -29.78], ['Melo', -54.18, -32.37]],
  targets: { land: 38, q: 8, water: [0, 0] },
};

// ------------------------------------------------------------------ 2 players: the Amazon River
// The lower Amazon between Parintins and Monte Alegre, the river between the two empires. Natural Earth's
// centre line of the Amazon is found by a point on it (Óbidos) and cut to the map's area. No gold was worked
// here in the period: the edges of the terra firme plateaus stand in for gold deposits.
const OBIDOS = [-55.52, -1.9];
const AMAZON = G.allRiverLines.filter((l) => l.length > 100 && l.some((q) => G.pointKm(OBIDOS, q) < 10));
const AMAZON_KM = G.segmentIndex(AMAZON);
const amazonRiver = {
  id: 'amazon_river',
  name: 'The Amazon River (approximation)',
  players: 2,
  water_rule: true,
  scenario: { id: 'amazon_river', battle: 1, rules: 'The mighty Amazon divides the empires. Water: only the main move, or the extra move of Renew, enters or leaves a water hex.' },
  source:
    'provisional: the lower Amazon between Parintins and Monte Alegre, the river (its Natural Earth centre line) running between the two capitals; the Óbidos side to the north, the Santarém side to the south',
  zones: [
    'zones: water where the Natural Earth centre line of the Amazon crosses the hex; field within 55 km of the river (the',
    'várzea floodplains and lakes); gold deposit 55-75 km from it (stand-in for the edges of the terra firme plateaus: no',
    'gold was worked here); forest beyond (the terra firme forest).',
  ],
  area: { lonW: -57.4, lonE: -53.6, latN: -0.9, latS: -3.4 },
  steps: [0.42, 0.44, 0.46, 0.48, 0.5, 0.52, 0.54, 0.56, 0.58, 0.6],
  water: { hexes: riverHexes(AMAZON) },
  shifts: [-0.2, 0, 0.2].flatMap((dx) => [-0.2, 0, 0.2].map((dy) => [dx, dy])),
  classify(p) {
    const d = AMAZON_KM(p, 150);
    if (d < 55) return 'f';
    if (d < 75) return 'g';
    return 'w';
  },
  capitals: [
    { mark: 'C', towns: [['Óbidos', -55.52, -1.9], ['Alenquer', -54.74, -1.94], ['Oriximiná', -55.87, -1.77], ['Monte Alegre', -54.07, -2.0], ['Faro', -56.74, -2.17], ['Curuá', -55.12, -1.89]] },
    { mark: 'C', towns: [['Santarém', -54.71, -2.44], ['Juruti', -56.09, -2.15], ['Belterra', -54.94, -2.64], ['Parintins', -56.74, -2.63], ['Aveiro', -55.32, -3.6], ['Mojuí dos Campos', -54.64, -2.68]] },
  ],
  places: [['Óbidos', -55.52, -1.9], ['Santarém', -54.71, -2.44], ['Parintins', -56.74, -2.63], ['Monte Alegre', -54.07, -2.0]],
  targets: { land: 38, q: 8, water: [6, 10] },
  previewLines: () => AMAZON,
};

// ------------------------------------------------------------------ 4 players: the Brazilian Empire
const brazilianEmpire = {
  id: 'brazilian_empire',
  name: 'The Brazilian Empire (approximation)',
  players: 4,
  water_rule: false,
  scenario: { id: 'brazilian_empire', battle: 2, rules: 'The whole Empire, from the Amazon to the south: four empires start far apart across Brazil. No water on the map.' },
  source:
    'provisional: the whole of Brazil as the Empire held it (1822-1889), Natural Earth\'s Brazil without Acre (Bolivian until 1903), a hex about 3.5 degrees across; the sea and the land borders are the map edge; the capitals are the towns the generator chose for the fairness check; no water on the map',
  zones: [
    'zones: field within 150 km of the sea (the coastal plains and cane lands); forest 150-380 km (the Atlantic forest belt);',
    'gold deposit 380-650 km (stand-in for the mining country of Minas Gerais, Goiás, Mato Grosso and the Bahian sertão, about',
    'that far inland: a single working cannot mark a hex this large); field 650-1100 km (the cerrado and the caatinga);',
    'forest beyond (the Amazon forest).',
  ],
  area: { lonW: -74.0, lonE: -34.7, latN: 5.3, latS: -33.8 },
  mask: (p) => G.inside(p, 'BRA') && !(p[0] < -66.5 && G.inside(p, 'AC')),
  steps: [3.3, 3.4, 3.5, 3.6],
  shifts: [-0.8, 0, 0.8].flatMap((dx) => [-0.8, 0, 0.8].map((dy) => [dx, dy])),
  places: [
    ['Rio de Janeiro', -43.18, -22.91], ['Ouro Preto', -43.5, -20.39], ['Recife', -34.88, -8.05], ['Manaus', -60.02, -3.1],
    ['Cuiabá', -56.1, -15.6], ['Goiás', -50.14, -15.93], ['Porto Alegre', -51.23, -30.03], ['Fortaleza', -38.54, -3.72],
  ],
  classify(p) {
    const d = G.coastKm(p, 3000);
    if (d < 150) return 'f';
    if (d < 380) return 'w';
    if (d < 650) return 'g';
    if (d < 1100) return 'f';
    return 'w';
  },
  capitalPool: {
    count: 4,
    ashore: true,
    towns: [
      ['Rio de Janeiro', -43.18, -22.91], ['São Paulo', -46.63, -23.55], ['Ouro Preto', -43.5, -20.39], ['Vitória', -40.34, -20.32],
      ['Salvador', -38.51, -12.97], ['São Cristóvão', -37.21, -11.01], ['Maceió', -35.73, -9.67], ['Recife', -34.88, -8.05],
      ['Paraíba', -34.86, -7.12], ['Natal', -35.21, -5.79], ['Fortaleza', -38.54, -3.72], ['Oeiras', -42.13, -7.02],
      ['Teresina', -42.8, -5.09], ['São Luís', -44.3, -2.53], ['Belém', -48.5, -1.46], ['Manaus', -60.02, -3.1],
      ['Cuiabá', -56.1, -15.6], ['Goiás', -50.14, -15.93], ['Curitiba', -49.27, -25.43], ['Desterro', -48.55, -27.6],
      ['Porto Alegre', -51.23, -30.03],
      // inland towns of the Empire, whose surroundings are whole hexes of land
      ['Diamantina', -43.6, -18.24], ['Paracatu', -46.87, -17.22], ['Montes Claros', -43.86, -16.73], ['Uberaba', -47.93, -19.75],
      ['Jacobina', -40.52, -11.18], ['Juazeiro', -40.5, -9.41], ['Crato', -39.41, -7.23], ['Carolina', -47.47, -7.33],
      ['Caxias', -43.36, -4.86], ['Natividade', -47.72, -11.71], ['Vila Bela', -59.95, -15.0], ['Corumbá', -57.65, -19.01],
      ['Santarém', -54.71, -2.44], ['Meia Ponte', -48.96, -15.85], ['Barra', -43.14, -11.09], ['Rio de Contas', -41.81, -13.58],
      ['Campinas', -47.06, -22.91], ['Cruz Alta', -53.61, -28.64], ['Lages', -50.33, -27.82], ['Guarapuava', -51.46, -25.39],
      ['Franca', -47.4, -20.54],
    ],
  },
  targets: { land: 66, q: 16, water: [0, 0] },
};

// ------------------------------------------------------------------ 2 players: Beyond the Atlantic
// Mainland Portugal, the kingdom across the ocean from Brazil. Gold: the Roman and later gold workings of the
// north (Tresminas and Jales, Valongo, Castromil) and the south (the gossans of Aljustrel and São Domingos, the
// Boa Fé gold near Montemor-o-Novo).
const DOURO = G.riverChain([-2.84, 41.93], [-8.68, 41.15]);
const TAGUS = G.allRiverLines.filter((l) => l.some((q) => G.pointKm([-8.0, 39.45], q) < 25) || l.some((q) => G.pointKm([-6.5, 39.75], q) < 25));
const PORTUGAL_RIVERS_KM = G.segmentIndex([...DOURO, ...TAGUS]);
const PORTUGAL_GOLD = [
  ['Tresminas', -7.47, 41.5], ['Jales', -7.59, 41.46], ['Valongo', -8.5, 41.19], ['Castromil', -8.4, 41.17],
  ['Aljustrel', -8.17, 37.88], ['São Domingos mine', -7.5, 37.67], ['Boa Fé', -8.13, 38.56],
];
const beyondTheAtlantic = {
  id: 'beyond_the_atlantic',
  name: 'Beyond the Atlantic (approximation)',
  players: 2,
  water_rule: false,
  minCapitalDistance: 6,
  scenario: { id: 'beyond_the_atlantic', battle: 1, rules: 'Across the ocean from Brazil: the empires start at either end of Portugal, from the Minho to the Alentejo. No water on the map.' },
  source:
    'provisional: mainland Portugal, across the Atlantic from Brazil; the sea and the Spanish border are the map edge; one capital in the north, one in the south; no water on the map',
  zones: [
    'zones: gold deposit within 25 km of a Roman or later gold working (Tresminas, Jales, Valongo, Castromil, Aljustrel,',
    'São Domingos, Boa Fé); field within 35 km of the sea (the coastal plains) or within 20 km of the Douro or the Tagus',
    '(their valleys); forest elsewhere (the oak, chestnut and pine of the hills, the cork oaks of the Alentejo).',
  ],
  area: { lonW: -9.6, lonE: -6.1, latN: 42.2, latS: 36.9 },
  mask: (p) => G.inside(p, 'PRT'),
  steps: [0.36, 0.38, 0.4, 0.42, 0.44, 0.46, 0.48, 0.5],
  shifts: [-0.1, 0, 0.1].flatMap((dx) => [-0.1, 0, 0.1].map((dy) => [dx, dy])),
  goldSites: PORTUGAL_GOLD,
  classify(p) {
    if (PORTUGAL_GOLD.some(([, lon, lat]) => G.pointKm(p, [lon, lat]) < 25)) return 'g';
    if (G.coastKm(p, 100) < 35) return 'f';
    if (PORTUGAL_RIVERS_KM(p, 40) < 20) return 'f';
    return 'w';
  },
  capitals: [
    { mark: 'C', towns: [['Porto', -8.61, 41.15], ['Braga', -8.42, 41.55], ['Guimarães', -8.29, 41.44], ['Viana do Castelo', -8.83, 41.69], ['Vila Real', -7.74, 41.3], ['Amarante', -8.08, 41.27], ['Penafiel', -8.28, 41.21], ['Chaves', -7.47, 41.74]] },
    { mark: 'C', towns: [['Lisbon', -9.14, 38.72], ['Setúbal', -8.89, 38.52], ['Évora', -7.91, 38.57], ['Beja', -7.86, 38.02], ['Santarém', -8.69, 39.24], ['Alcácer do Sal', -8.51, 38.37], ['Montemor-o-Novo', -8.21, 38.65], ['Grândola', -8.57, 38.18]] },
  ],
  places: [['Porto', -8.61, 41.15], ['Lisbon', -9.14, 38.72], ['Coimbra', -8.43, 40.21], ['Évora', -7.91, 38.57], ['Tresminas', -7.47, 41.5], ['Faro', -7.93, 37.02], ['Viseu', -7.91, 40.66]],
  targets: { land: 38, q: 8, water: [0, 0] },
  previewLines: () => [...DOURO, ...TAGUS],
};

// ------------------------------------------------------------------ 3 players: the Platine War
// The Río de la Plata (1851-1852: the Empire, Uruguay's Colorados and Entre Ríos against Rosas): Buenos Aires,
// the Banda Oriental and Entre Ríos, the estuary the "ocean" between them. No gold was worked here: the
// cuchillas, the stony ridges between the rivers, stand in for gold deposits.
const PLATA = { lonW: -58.7, lonE: -55.6, latS: -35.6, latN: -33.6 };
const inPlata = (p) => p[0] > PLATA.lonW && p[0] < PLATA.lonE && p[1] > PLATA.latS && p[1] < PLATA.latN;
const PARANA_URUGUAY = G.allRiverLines.filter((l) => l.some((q) => G.pointKm([-60.2, -33.3], q) < 30 || G.pointKm([-58.1, -32.3], q) < 30));
const PLATA_SHORE = G.coastLines.map((ring) => ring.filter(inPlata)).filter((r) => r.length > 1);
const PLATA_WATERS_KM = G.segmentIndex([...PARANA_URUGUAY, ...PLATA_SHORE]);
const platineWar = {
  id: 'platine_war',
  name: 'The Platine War (approximation)',
  players: 3,
  water_rule: true,
  scenario: { id: 'platine_war', battle: 2, rules: 'A whole ocean divides the empires: the Río de la Plata between Buenos Aires, the Banda Oriental and Entre Ríos. Water: only the main move, or the extra move of Renew, enters or leaves a water hex.' },
  source:
    'provisional: the Río de la Plata and its shores, where the Platine War was fought: Buenos Aires to the south-west, the Banda Oriental (Uruguay) to the east, Entre Ríos between the Paraná and the Uruguay to the north; the estuary is the water',
  zones: [
    'zones: water where the hex centre is in the Río de la Plata (the estuary above Montevideo); forest within 55 km of',
    'the estuary, the Paraná and the Uruguay (the gallery forests, the islands of the delta and the monte of Entre Ríos);',
    'gold deposit 55-95 km from them (stand-in for the cuchillas, the stony ridges between the rivers: no gold was worked',
    'here); field elsewhere (the pampa and the grasslands of the Banda Oriental).',
  ],
  area: { lonW: -61.2, lonE: -54.2, latN: -31.2, latS: -35.6 },
  steps: [0.64, 0.66, 0.68, 0.7, 0.72, 0.74, 0.76],
  shifts: [-0.3, -0.15, 0, 0.15, 0.3].flatMap((dx) => [-0.3, -0.15, 0, 0.15, 0.3].map((dy) => [dx, dy])),
  water: waterWhere(inPlata),
  classify(p) {
    const d = PLATA_WATERS_KM(p, 150);
    if (d < 55) return 'w';
    if (d < 95) return 'g';
    return 'f';
  },
  capitals: [
    { mark: 'C', towns: [['Buenos Aires', -58.38, -34.6], ['Luján', -59.1, -34.57], ['San Isidro', -58.53, -34.47], ['Quilmes', -58.25, -34.72], ['San Nicolás de los Arroyos', -60.22, -33.33], ['San Pedro', -59.67, -33.68], ['Zárate', -59.03, -34.1], ['Chascomús', -58.01, -35.58]] },
    { mark: 'C', towns: [['Montevideo', -56.19, -34.9], ['Colonia del Sacramento', -57.84, -34.47], ['San José de Mayo', -56.71, -34.34], ['Canelones', -56.28, -34.52], ['Florida', -56.21, -34.1], ['Mercedes', -58.03, -33.25], ['Minas', -55.24, -34.37], ['Durazno', -56.52, -33.38]] },
    { mark: 'C', towns: [['Paraná', -60.52, -31.73], ['Concepción del Uruguay', -58.23, -32.48], ['Gualeguaychú', -58.52, -33.01], ['Gualeguay', -59.32, -33.14], ['Nogoyá', -59.8, -32.39], ['Victoria', -60.16, -32.62], ['Rosario del Tala', -59.15, -32.3]] },
  ],
  places: [['Buenos Aires', -58.38, -34.6], ['Montevideo', -56.19, -34.9], ['Colonia del Sacramento', -57.84, -34.47], ['Caseros', -58.56, -34.6], ['Paraná', -60.52, -31.73], ['Concepción del Uruguay', -58.23, -32.48]],
  targets: { land: 52, q: 12, water: [4, 9] },
  previewLines: () => PARANA_URUGUAY,
};

// ------------------------------------------------------------------ 3 players: the Treaty of Tordesillas
// The upper Tocantins, which the line of Tordesillas as it is usually drawn (from Belém to Laguna) follows closely:
// the Spanish side to the west of the river, the Portuguese to the east, and the gold of northern Goiás (the
// 18th-century workings of Natividade, Arraias, Traíras, Pilar and Crixás) between them.
const TOCANTINS = G.allRiverLines.filter((l) => l.length > 60 && l.some((q) => G.pointKm([-48.35, -10.7], q) < 20));
const ARAGUAIA = G.allRiverLines.filter((l) => l.length > 60 && l.some((q) => G.pointKm([-50.6, -12.9], q) < 30));
const TOCANTINS_KM = G.segmentIndex([...TOCANTINS, ...ARAGUAIA]);
const GOIAS_GOLD = [
  ['Natividade', -47.72, -11.71], ['Arraias', -46.94, -12.93], ['Traíras (Niquelândia)', -48.46, -14.47], ['Pilar de Goiás', -49.58, -14.76],
  ['Crixás', -49.97, -14.55], ['Monte do Carmo', -48.11, -10.76], ['Conceição do Tocantins', -47.29, -12.22], ['Cavalcante', -47.46, -13.8],
  ['Porto Nacional', -48.42, -10.71], ['São Félix', -46.6, -13.5],
];
const tordesillas = {
  id: 'tordesillas',
  name: 'Treaty of Tordesillas (approximation)',
  players: 3,
  water_rule: true,
  scenario: { id: 'tordesillas', battle: 2, rules: 'There is no room in Brazil for three empires: the line of Tordesillas runs down the Tocantins. Water: only the main move, or the extra move of Renew, enters or leaves a water hex.' },
  source:
    'provisional: the upper Tocantins in the north of Goiás, the river that the line of Tordesillas, as usually drawn, follows closely; the gold towns of the 18th century on both banks; the river is the water',
  zones: [
    'zones: water where the Natural Earth centre line of the Tocantins crosses the hex; gold deposit within 50 km of an',
    '18th-century gold working (Natividade, Arraias, Traíras, Pilar, Crixás, Monte do Carmo, Conceição, Cavalcante, Porto',
    'Nacional, São Félix); forest within 75 km of the Tocantins or the Araguaia (their gallery and floodplain forests and',
    'the transition to the Amazon forest); field elsewhere (the cerrado).',
  ],
  area: { lonW: -51.0, lonE: -46.0, latN: -9.8, latS: -14.6 },
  steps: [0.62, 0.64, 0.66, 0.68, 0.7, 0.72, 0.74],
  water: { hexes: riverHexes(TOCANTINS) },
  shifts: [-0.4, -0.2, 0, 0.2, 0.4].flatMap((dx) => [-0.4, -0.2, 0, 0.2, 0.4].map((dy) => [dx, dy])),
  goldSites: GOIAS_GOLD,
  classify(p) {
    if (GOIAS_GOLD.some(([, lon, lat]) => G.pointKm(p, [lon, lat]) < 50)) return 'g';
    if (TOCANTINS_KM(p, 120) < 75) return 'w';
    return 'f';
  },
  capitalPool: {
    count: 3,
    towns: [
      ['Porto Nacional', -48.42, -10.71], ['Natividade', -47.72, -11.71], ['Arraias', -46.94, -12.93], ['Paranã', -47.87, -12.61],
      ['Peixe', -48.54, -12.03], ['Gurupi', -49.07, -11.73], ['Palmas', -48.33, -10.18], ['Dianópolis', -46.85, -11.63],
      ['Niquelândia', -48.46, -14.47], ['Uruaçu', -49.14, -14.52], ['Crixás', -49.97, -14.55], ['Porangatu', -49.15, -13.44],
      ['Cavalcante', -47.46, -13.8], ['Araguaçu', -49.83, -12.93], ['Paraíso do Tocantins', -48.88, -10.18], ['Formoso do Araguaia', -49.53, -11.8],
      ['Taguatinga', -46.43, -12.4], ['Campos Belos', -46.55, -13.04], ['São Miguel do Araguaia', -50.16, -13.27], ['Mara Rosa', -49.18, -14.02],
      ['Figueirópolis', -49.17, -12.13], ['Alvorada', -49.12, -12.48], ['Almas', -47.18, -11.57], ['Ponte Alta do Tocantins', -47.53, -10.75],
    ],
  },
  places: [['Porto Nacional', -48.42, -10.71], ['Natividade', -47.72, -11.71], ['Arraias', -46.94, -12.93], ['Niquelândia', -48.46, -14.47], ['Gurupi', -49.07, -11.73]],
  targets: { land: 52, q: 12, water: [5, 9] },
  previewLines: () => TOCANTINS,
};

/** Minas Gerais' ground: Atlantic forest within 340 km of the coast and gallery forest along the big
 * rivers; cerrado (field) elsewhere. Shared by the two maps drawn there. */
function minasForestOrField(p) {
  if (G.coastKm(p, 400) < 340) return 'w';
  if (RIVERS_KM(p, 20) < 12) return 'w';
  return 'f';
}
export const MAPS = [guararapes, minasGerais, saoFrancisco, guanabara, argentineBrazilianWar, amazonRiver, beyondTheAtlantic, platineWar, tordesillas, brazilianEmpire];
/** Maps still being drawn: `ONLY=<id>` tries them, but a full run neither checks nor writes them. */
export const DRAFTS = [];
