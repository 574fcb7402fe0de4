// Where each region sits on our schematic world map (a 1200 × 700 drawing, the Atlantic in the middle):
// approximate geography, spread out so that every region has room for its pieces. This is how we draw the
// map, not game content; the regions, their borders and canals come from the server (the board of the
// game's own content). A region a player's own board adds or renames has no place here: the map draws it
// in a row along its bottom edge.
// The two Pacific seas border both the Americas and Asia: those borders wrap round the map's edges.

export const WIDTH = 1200;
export const HEIGHT = 700;

export const POSITIONS = {
  // The Americas
  alaska: [80, 45],
  canada: [200, 70],
  quebec: [335, 60],
  san_francisco: [105, 165],
  chicago: [225, 140],
  new_york: [340, 135],
  new_orleans: [240, 215],
  mexico: [140, 265],
  colombia: [215, 335],
  peru: [185, 425],
  manaus: [305, 385],
  fortaleza: [410, 360],
  brasilia: [330, 465],
  rio_de_janeiro: [425, 520],
  argentina: [275, 560],
  // Europe, Africa and the Near East
  london: [525, 60],
  paris: [540, 130],
  berlin: [630, 85],
  rome: [625, 165],
  murmansk: [705, 30],
  moscow: [735, 90],
  ukraine: [725, 150],
  turkey: [730, 215],
  north_africa: [590, 295],
  guinea: [500, 345],
  nigeria: [600, 385],
  congo: [660, 455],
  east_africa: [745, 415],
  south_africa: [650, 560],
  near_east: [800, 285],
  // Asia and Oceania
  novosibirsk: [885, 55],
  kazakhstan: [845, 125],
  urumqi: [940, 130],
  mongolia: [1030, 95],
  vladivostok: [1130, 55],
  iran: [855, 210],
  afghanistan: [930, 190],
  beijing: [1040, 170],
  korea: [1115, 145],
  japan: [1165, 250],
  new_delhi: [915, 270],
  chongqing: [1005, 240],
  shanghai: [1085, 225],
  mumbai: [860, 345],
  kolkata: [960, 325],
  chennai: [905, 420],
  indochina: [1030, 315],
  philippines: [1150, 400],
  indonesia: [1035, 470],
  australia: [1050, 575],
  new_zealand: [1135, 655],
  // Seas
  north_pacific: [45, 330],
  south_pacific: [125, 560],
  caribbean_sea: [300, 290],
  north_atlantic: [440, 210],
  south_atlantic: [510, 620],
  gulf_of_guinea: [530, 465],
  mediterranean_sea: [660, 235],
  indian_ocean: [830, 520],
  sea_of_japan: [1150, 185],
  china_sea: [1115, 325],
  tasman_sea: [1140, 540],
};
