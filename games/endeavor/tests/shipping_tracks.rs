//! The shipping tracks of the shipped board, on both sides. The rulebook gives no track lengths, only two
//! examples that bound them from below; tuning 10 (docs/rules/endeavor.md §5) made the tracks as short as
//! those examples allow, 3 to 5 spaces, so that regions open through the middle of the game. The golden
//! tests play the examples on side A; this checks that side B keeps them too, and the tuning's shape.

use endeavor::Content;
use imperia_core::ContentSet;

#[test]
fn both_sides_keep_the_tracks_the_examples_need() {
    let content = ContentSet::<Content>::shipped();
    let zone = |id: &str| content.zones.iter().position(|z| z.id == id).unwrap_or_else(|| panic!("zone {id}"));
    for side in &content.sides {
        let length = |id: &str| side.tracks[zone(id)];
        // «Шкала судоходства»: Yellow, Blue and Purple take the Far East's first three spaces, and Purple its last
        // one later, tying Blue at two discs: at least five spaces.
        assert!(length("far_east") >= 5, "side {}: the Far East track needs five spaces", side.id);
        // «Добор»: Red draws North America's value-3 card with three discs there, and the region is not
        // explored yet, so its track holds three discs and is not full.
        assert!(length("north_america") >= 4, "side {}: the North America track needs four spaces", side.id);
        for z in content.zones.iter().filter(|z| z.id != "europe") {
            assert!((3..=5).contains(&length(&z.id)), "side {}: {} is {} long", side.id, z.id, length(&z.id));
        }
        assert_eq!(length("europe"), 0, "Europe has no shipping track");
    }
    assert!(content.sides.windows(2).all(|w| w[0].tracks == w[1].tracks), "both sides share their tracks");
}
