//! Values of any types, at most one of each: what each feature keeps of a game ([`Parts`]) and of the whole
//! server ([`ServerParts`]), under a type of its own that only it names.

use std::any::{Any, TypeId};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The features' parts of a game. (A type map is a few lines over the standard library's `Any`; the crates
/// that offer one add nothing these lines need.)
#[derive(Default)]
pub struct Parts(BTreeMap<TypeId, Box<dyn Any + Send + Sync>>);

impl Parts {
    /// The part of type `T`, if it was ever set.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.0.get(&TypeId::of::<T>()).and_then(|part| part.downcast_ref())
    }

    /// The part of type `T` to change, if it was ever set.
    pub fn get_mut<T: Any + Send + Sync>(&mut self) -> Option<&mut T> {
        self.0.get_mut(&TypeId::of::<T>()).and_then(|part| part.downcast_mut())
    }

    /// The part of type `T` to change, set to its default first if it never was.
    pub fn get_or_default<T: Any + Send + Sync + Default>(&mut self) -> &mut T {
        let part = self.0.entry(TypeId::of::<T>()).or_insert_with(|| Box::<T>::default());
        part.downcast_mut().expect("a part is kept under its own type's id")
    }

    /// Set the part of type `T`.
    pub fn insert<T: Any + Send + Sync>(&mut self, part: T) {
        self.0.insert(TypeId::of::<T>(), Box::new(part));
    }

    /// Set the part of type `T`; returns whether it differs from the one it replaces.
    pub fn set<T: Any + Send + Sync + PartialEq>(&mut self, part: T) -> bool {
        let changed = self.get::<T>() != Some(&part);
        self.insert(part);
        changed
    }

    /// Take the part of type `T` away.
    pub fn remove<T: Any + Send + Sync>(&mut self) {
        self.0.remove(&TypeId::of::<T>());
    }
}

/// What the features keep for the whole server (not for one game): made at first use, one of each type.
#[derive(Clone, Default)]
pub struct ServerParts(Arc<std::sync::Mutex<BTreeMap<TypeId, Arc<dyn Any + Send + Sync>>>>);

impl ServerParts {
    /// The part of type `T`, made with its default at first use.
    pub fn get<T: Any + Send + Sync + Default>(&self) -> Arc<T> {
        let mut parts = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let part = parts.entry(TypeId::of::<T>()).or_insert_with(|| Arc::new(T::default())).clone();
        part.downcast().unwrap_or_else(|_| unreachable!("a part is kept under its own type's id"))
    }
}
