//! How each side stands, for the bots (`imperia_core::Evaluate`): the victory marker, read with what
//! usually moves it next — the spaces held toward the region awards, prestige and demand, spare debt and
//! treaty points — as a chance of winning.

use imperia_core::{Evaluate, Game, outcome_values};

use crate::content::{Power, Region};
use crate::state::ImperialStruggle;

impl Evaluate for ImperialStruggle {
    fn evaluate(&self) -> Vec<f64> {
        if let Some(o) = self.outcome() {
            return outcome_values(&o);
        }
        let c = &*self.content;
        // Positive favours France, in VP.
        let mut lead = f64::from(self.vp - 15);
        for r in Region::ALL {
            let n = self.counted(c.masks.by_region[r.index()]);
            lead += 0.35 * (n[1] as f64 - n[0] as f64).clamp(-4.0, 4.0);
        }
        let p = self.counted(self.prestige_spaces());
        lead += 0.5 * (p[1] as f64 - p[0] as f64).clamp(-2.0, 2.0);
        let (br, fr) = (self.power(Power::Britain), self.power(Power::France));
        lead += 0.25 * (f64::from(fr.available_debt()) - f64::from(br.available_debt()));
        lead += 0.3 * (f64::from(fr.trp) - f64::from(br.trp));
        let france = 1.0 / (1.0 + (-lead / 4.0).exp());
        vec![1.0 - france, france]
    }
}
