//! Diagnostics as SARIF 2.1.0, through serde-sarif's object model: a result per
//! diagnostic (its rule, level and headline; the first place it names as its location, the
//! others — a data race's second access, an uninitialised value's origin — as related
//! locations; kernel, work-item and work-group as properties, and a performance lint's
//! figures and sub-group size), in one run of one tool whose rules are the diagnostics' kinds.

use std::collections::BTreeMap;

use oclgrind_core::diagnostics::{Diagnostic, Entity, Level, Party, Rule, SourcePlace};
use serde_json::json;
use serde_sarif::sarif::{
    ArtifactContent, ArtifactLocation, Location, Message, MultiformatMessageString,
    PhysicalLocation, PropertyBag, Region, ReportingDescriptor, ResultLevel, Run, Sarif, Tool,
    ToolComponent,
};

pub type Result = serde_sarif::sarif::Result;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const INFORMATION_URI: &str = "https://github.com/jrprice/Oclgrind/wiki";

fn text(s: impl Into<String>) -> Message {
    Message::builder().text(s.into()).build()
}

fn physical(p: &SourcePlace) -> PhysicalLocation {
    let mut region = Region::builder().start_line(p.line as i64).build();
    if p.column > 0 {
        region.start_column = Some(p.column as i64);
    }
    if let Some(source) = &p.text {
        region.snippet = Some(ArtifactContent::builder().text(source.clone()).build());
    }
    PhysicalLocation::builder()
        .artifact_location(ArtifactLocation::builder().uri(p.file.clone()).build())
        .region(region)
        .build()
}

/// A party the message names: its place, and who it was (`Second entity: Global(...)`). A
/// party that is only a place (a performance lint's line) has no message.
fn party_location(p: &Party, id: i64) -> Location {
    let mut location = Location::builder().id(id).build();
    if p.label.is_some() || p.entity.is_some() {
        let who = match p.entity {
            Some(Entity::Unknown) | None => String::new(),
            Some(e) => e.to_string(),
        };
        let label = p.label.unwrap_or("Entity");
        location.message = Some(text(format!("{label}: {who}")));
    }
    location.physical_location = p.at.and_then(|a| a.place()).map(physical);
    location
}

fn properties(d: &Diagnostic, parties: &[Party]) -> PropertyBag {
    let mut bag = BTreeMap::new();
    bag.insert("kernel".to_string(), json!(d.kernel));
    if let Some(p) = parties.first() {
        let entity = p.entity;
        if let Some(g) = entity.and_then(|e| e.global()) {
            let local = entity.and_then(|e| e.local());
            bag.insert("workItem".to_string(), json!({"global": g, "local": local}));
        }
        bag.insert(
            "workGroup".to_string(),
            json!(entity.and_then(|e| e.group())),
        );
    }
    let details = d.details();
    if !details.is_empty() {
        bag.insert("details".to_string(), json!(details));
    }
    if let Some((figures, sub_group_size)) = crate::performance(d) {
        bag.insert("figures".to_string(), figures);
        bag.insert("subGroupSize".to_string(), json!(sub_group_size));
    }
    bag.insert("text".to_string(), json!(d.to_string()));
    PropertyBag::builder().additional_properties(bag).build()
}

/// One diagnostic as a SARIF result.
pub fn result(d: &Diagnostic) -> Result {
    let level = match d.level {
        Level::Error => ResultLevel::Error,
        Level::Warning => ResultLevel::Warning,
        Level::Info | Level::Debug => ResultLevel::Note,
    };
    // The first party with a place is where the result is; every other party, and the
    // origin, is a related location.
    let parties = d.parties();
    let primary = (parties.iter()).position(|p| p.at.and_then(|a| a.place()).is_some());
    let mut related: Vec<Location> = parties
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != primary)
        .map(|(i, p)| party_location(p, i as i64 + 1))
        .collect();
    if let Some(origin) = d.origin() {
        let mut location = Location::builder()
            .id(parties.len() as i64 + 1)
            .message(text(format!("Origin: {}", origin.description)))
            .build();
        location.physical_location = origin.place.as_ref().map(physical);
        related.push(location);
    }
    let mut result = Result::builder()
        .rule_id(d.rule.id().to_string())
        .level(level)
        .message(text(d.title()))
        .properties(properties(d, &parties))
        .build();
    if let Some(i) = primary {
        result.locations = Some(vec![party_location(&parties[i], i as i64 + 1)]);
    }
    if !related.is_empty() {
        result.related_locations = Some(related);
    }
    result
}

/// The tool's rules: each kind of diagnostic once.
fn rules() -> Vec<ReportingDescriptor> {
    Rule::ALL
        .into_iter()
        .map(|rule| {
            ReportingDescriptor::builder()
                .id(rule.id().to_string())
                .short_description(
                    MultiformatMessageString::builder()
                        .text(rule.description().to_string())
                        .build(),
                )
                .build()
        })
        .collect()
}

/// The SARIF document for `results`.
pub fn document(results: &[Result]) -> std::io::Result<String> {
    let driver = ToolComponent::builder()
        .name("oclgrind-rs".to_string())
        .full_name(format!(
            "oclgrind-rs {} (Oclgrind-compatible OpenCL simulator)",
            env!("CARGO_PKG_VERSION")
        ))
        .version(env!("CARGO_PKG_VERSION").to_string())
        .information_uri(INFORMATION_URI.to_string())
        .rules(rules())
        .build();
    let run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .results(results.to_vec())
        .build();
    let log = Sarif::builder()
        .schema(SCHEMA.to_string())
        .version(json!("2.1.0"))
        .runs(vec![run])
        .build();
    serde_json::to_string_pretty(&log).map_err(std::io::Error::other)
}
