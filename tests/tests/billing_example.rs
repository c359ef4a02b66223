//! The billing example of `schemas/billing/` end to end, and the guide's copy of it: the guide
//! shows the definition and the exact response, and this test fails when either drifts.

use fusion_runtime::{Presenter, ToolResponse};
use fusion_tests::generated::{Invoice, InvoicePresenter};

/// A row as a database might hand it over, with a column the schema does not declare.
fn invoice(id: &str, amount_cents: i64, status: &str) -> Invoice {
    serde_json::from_value(serde_json::json!({
        "id": id,
        "amount_cents": amount_cents,
        "status": status,
        "internal_margin": 0.42,
        "client": {"id": "C-7", "name": "Acme <Labs> & Co", "tier": "pro", "api_key": "sk-live-123"}
    }))
    .expect("the row fits the schema")
}

/// The blocks of a response, as the guide prints them: each text, a blank line between.
fn blocks(response: &ToolResponse) -> String {
    response.texts().join("\n\n")
}

const SINGLE: &str = r#"{
  "id": "INV-1",
  "amount_cents": 1250000,
  "status": "overdue",
  "client": {
    "id": "C-7",
    "name": "Acme <Labs> & Co",
    "tier": "pro"
  }
}

<ui_passthrough type="markdown" title="Invoice INV-1" width="half" priority="1">
| id | amount_cents | status |
| --- | --- | --- |
| INV-1 | 1250000 | overdue |
</ui_passthrough>

<domain_rules>
- Client Acme <Labs> & Co is on the pro plan: check its limits before acting.
</domain_rules>

<domain_rules>
- CRITICAL: amount_cents is in CENTS. Divide by 100 before showing an amount.
- Invoice INV-1 is overdue: ask before sending a reminder.
- Invoice INV-1 is large (12500 USD): double-check the client before acting.
</domain_rules>

<action_suggestions>
- billing.remind: Send a payment reminder for INV-1
</action_suggestions>"#;

#[test]
fn a_single_invoice_response_is_exact() {
    let response = InvoicePresenter.present(&invoice("INV-1", 1_250_000, "overdue"));
    assert_eq!(blocks(&response), SINGLE);
    assert!(
        !response.to_json().contains("sk-live") && !response.to_json().contains("internal_margin")
    );
}

#[test]
fn a_collection_response_is_exact() {
    let items = [
        invoice("INV-1", 1_250_000, "overdue"),
        invoice("INV-2", 300, "paid"),
    ];
    let response = InvoicePresenter.present_collection(&items);
    let texts = response.texts();
    assert_eq!(texts.len(), 7, "{texts:#?}");
    assert_eq!(
        texts[1],
        "<ui_passthrough type=\"summary\">\n📊 **Summary**: 2 invoices, 12503 USD in total\n</ui_passthrough>"
    );
    assert_eq!(
        texts[2],
        "<ui_passthrough type=\"markdown\">\n| Invoice | Amount (cents) | Status |\n| --- | --- | --- |\n| INV-1 | 1250000 | overdue |\n| INV-2 | 300 | paid |\n</ui_passthrough>"
    );
    assert_eq!(
        texts[3],
        "<ui_passthrough type=\"echarts\" title=\"Amounts\" width=\"full\">\n```echarts\n{\n  \"xAxis\": {\n    \"type\": \"category\",\n    \"data\": [\n      \"INV-1\",\n      \"INV-2\"\n    ]\n  },\n  \"yAxis\": {\n    \"type\": \"value\"\n  },\n  \"series\": [\n    {\n      \"type\": \"bar\",\n      \"data\": [\n        1250000,\n        300\n      ]\n    }\n  ]\n}\n```\n</ui_passthrough>"
    );
    // Both invoices embed the same client: its rules block is emitted once (§8).
    assert_eq!(
        texts[4],
        "<domain_rules>\n- Client Acme <Labs> & Co is on the pro plan: check its limits before acting.\n</domain_rules>"
    );
    assert_eq!(
        texts[5],
        "<domain_rules>\n- CRITICAL: amount_cents is in CENTS. Divide by 100 before showing an amount.\n- Invoice INV-1 is overdue: ask before sending a reminder.\n- Invoice INV-1 is large (12500 USD): double-check the client before acting.\n- 2 invoices in this page, 1250300 cents in total.\n</domain_rules>"
    );
    // Collection suggestions replace the item suggestions (§6).
    assert_eq!(
        texts[6],
        "<action_suggestions>\n- billing.get: Open one invoice to see its lines\n</action_suggestions>"
    );
    let view = response.test_view().expect("view");
    assert_eq!(view.ui_blocks().len(), 3);
    assert_eq!(
        view.system_rules().len(),
        4,
        "the parent's own rules, not the embedded ones"
    );
}

#[test]
fn the_agent_limit_cuts_the_collection_and_says_so_first() {
    let items: Vec<Invoice> = (0..53)
        .map(|i| invoice(&format!("INV-{i}"), 100, "paid"))
        .collect();
    let response = InvoicePresenter.present_collection(&items);
    let data: serde_json::Value = serde_json::from_str(&response.texts()[0]).expect("JSON");
    assert_eq!(data.as_array().map(Vec::len), Some(50));
    assert_eq!(
        response.texts()[1],
        "<ui_passthrough type=\"summary\">\n📊 **Summary**: ⚠️ Dataset truncated. 50 shown, 3 hidden. Use filters to narrow results.\n</ui_passthrough>"
    );
}

/// The guide quotes the billing definition and this response between markers; both must be
/// the real thing.
#[test]
fn the_readme_shows_the_real_definition_and_response() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let readme = std::fs::read_to_string(format!("{root}/docs/guide.md")).expect("docs/guide.md");
    let between = |begin: &str| {
        let start = readme
            .find(begin)
            .unwrap_or_else(|| panic!("docs/guide.md has {begin}"))
            + begin.len();
        let end = start
            + readme[start..]
                .find("```\n<!-- end -->")
                .expect("an end marker");
        // Skip the opening fence line (```yaml, ```text).
        let fenced = &readme[start..end];
        let fence = fenced.find("```").expect("an opening fence");
        let body = fence + fenced[fence..].find('\n').expect("a fence line") + 1;
        fenced[body..].to_owned()
    };
    let definition = std::fs::read_to_string(format!("{root}/schemas/billing/invoice.yaml"))
        .expect("invoice.yaml");
    assert_eq!(between("<!-- readme:billing-definition -->"), definition);
    assert_eq!(
        between("<!-- readme:billing-response -->"),
        format!("{SINGLE}\n")
    );
}

/// Wire format §3's example data block, an invoice with an embedded client, byte for byte; and
/// the single-item case of §2/§8: the client's blocks come before the invoice's own rules.
#[test]
fn the_wire_format_example_data_block() {
    let item: Invoice = serde_json::from_value(serde_json::json!({
        "id": "INV-1", "amount_cents": 4500, "status": "pending",
        "client": {"id": "C1", "name": "Acme", "tier": "free"}
    }))
    .expect("fits");
    let mut without_tier = item.clone();
    without_tier.client.tier = None;
    let response = InvoicePresenter.present(&without_tier);
    assert_eq!(
        response.texts()[0],
        "{\n  \"id\": \"INV-1\",\n  \"amount_cents\": 4500,\n  \"status\": \"pending\",\n  \"client\": {\n    \"id\": \"C1\",\n    \"name\": \"Acme\"\n  }\n}"
    );
    let texts = InvoicePresenter.present(&item).texts().to_vec();
    let client_rules = texts
        .iter()
        .position(|t| t.contains("Client Acme is on the free plan"))
        .expect("embedded rules");
    let own_rules = texts
        .iter()
        .position(|t| t.contains("CRITICAL: amount_cents"))
        .expect("own rules");
    assert!(
        texts[1].starts_with("<ui_passthrough"),
        "UI blocks come right after the data (§2)"
    );
    assert!(
        client_rules < own_rules,
        "embeds sit at position 3, before the parent's rules (§2, §8)"
    );
    assert!(
        texts
            .last()
            .is_some_and(|t| t.starts_with("<action_suggestions>"))
    );
}

/// `{sum:amount_cents}` over user data: two maximal amounts sum exactly, where an `i64` sum
/// panics in debug builds and wraps to a negative total in release.
#[test]
fn collection_sums_cannot_overflow() {
    let rows = [
        invoice("INV-1", i64::MAX, "paid"),
        invoice("INV-2", i64::MAX, "paid"),
        invoice("INV-3", i64::MIN, "paid"),
    ];
    let response = InvoicePresenter.present_collection(&rows);
    let total = (i128::from(i64::MAX) * 2 + i128::from(i64::MIN)).to_string();
    assert!(
        response
            .texts()
            .iter()
            .any(|text| text.contains(&format!("3 invoices in this page, {total} cents in total."))),
        "{:#?}",
        response.texts()
    );
}
