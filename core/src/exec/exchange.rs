//! The values work-group functions (`work_group_reduce_add`, `work_group_broadcast`, ...)
//! exchange: each work-item puts its value, the group meets at a barrier, each reads them all.

/// One work-group's exchange.
#[derive(Default)]
pub(crate) struct Exchange {
    /// By local linear index.
    pub values: Vec<u64>,
    pub size: [u64; 3],
}

impl Exchange {
    /// Makes ready for a group of `size` work-items.
    pub fn reset(&mut self, size: [u64; 3]) {
        self.size = size;
        let count = size.iter().product::<u64>() as usize;
        self.values.clear();
        self.values.resize(count, 0);
    }
}
