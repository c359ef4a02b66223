//! The names [`assign`] records, read from resolved definitions, and the collisions it finds.

use super::*;
use crate::SourceFile;

const INVOICE: &str = "title: Invoice\ntype: object\nrequired: [id]\nproperties:\n  id: { type: string }\n  status: { type: string, enum: [open, in-progress] }\n  secret: { type: string, x-fusion-redact: true }\nx-fusion:\n  rules:\n    - \"first\"\n    - \"second\"\n    - text: \"{id} is open\"\n      when: { status: open }\n    - \"third\"\n  collection-rules:\n    - \"all\"\n";

fn model(files: &[(&str, &str)]) -> Model {
    let sources: Vec<SourceFile> = files
        .iter()
        .map(|(path, text)| SourceFile::new(*path, *text))
        .collect();
    crate::resolve_model(&sources)
        .expect("the definitions resolve")
        .0
}

fn type_id(model: &Model, title: &str) -> TypeId {
    model
        .types
        .iter()
        .position(|t| t.title == title)
        .expect("the type exists")
}

#[test]
fn one_record_holds_every_name_of_a_type_presenter_and_tool() {
    let tool = "x-fusion-tool:\n  name: billing\n  select: true\n  exposition: flat\n  actions:\n    get-invoice:\n      input: { type: object, properties: { id: { type: string } } }\n      returns: invoice.yaml\n    type: {}\n";
    let model = model(&[
        ("billing/invoice.yaml", INVOICE),
        ("billing/billing.tool.yaml", tool),
    ]);
    let names = assign(&model).expect("no collisions");
    let invoice = names.ty(type_id(&model, "Invoice"));
    assert_eq!(invoice.name, "Invoice");
    let fields: Vec<(&str, &str, &str)> = invoice
        .fields
        .iter()
        .map(|f| (f.name.as_str(), f.redactor.as_str(), f.local.as_str()))
        .collect();
    assert_eq!(
        fields,
        [
            ("id", "__fusion_redact_0", "field_0"),
            ("status", "__fusion_redact_1", "field_1"),
            ("secret", "__fusion_redact_2", "field_2"),
        ]
    );
    assert!(invoice.variants.is_empty());
    let status = model.types[type_id(&model, "Invoice")].fields()[1]
        .ty
        .clone();
    let crate::model::FieldType::Named(status) = status.non_null().clone() else {
        panic!("`status` is an enum");
    };
    assert_eq!(names.ty(status).variants, ["Open", "InProgress"]);

    let module = names.module(model.types[type_id(&model, "Invoice")].module);
    assert_eq!(module.name, "invoice");
    let presenter = module.presenter.as_ref().expect("a presenter");
    assert_eq!(presenter.name, "InvoicePresenter");
    // Two runs of static item rules around the conditional one, one of collection rules.
    assert_eq!(presenter.rules, ["RULES", "RULES_2"]);
    assert_eq!(presenter.collection_rules, ["COLLECTION_RULES"]);

    let tool = model
        .modules
        .iter()
        .position(|m| m.tool.is_some())
        .and_then(|index| names.module(index).tool.as_ref())
        .expect("the tool's names");
    assert_eq!(
        [&tool.args, &tool.call, &tool.handler, &tool.served],
        [
            "BillingArgs",
            "BillingCall",
            "BillingHandler",
            "BillingTool"
        ]
    );
    let select = tool.select.as_ref().expect("select is on");
    assert_eq!(select.name, "BillingSelect");
    assert_eq!(select.variants[0], ("id".to_owned(), "Id".to_owned()));
    assert!(tool.http.is_none());
    let get = &tool.actions[0];
    assert_eq!(
        [
            &get.variant,
            &get.method,
            &get.selection,
            &get.output_schema,
            &get.flat.tool
        ],
        [
            "GetInvoice",
            "get_invoice",
            "get_invoice_selection",
            "GET_INVOICE_OUTPUT_SCHEMA",
            "GET_INVOICE_TOOL"
        ]
    );
    // A keyword method keeps its `_`; its constants do not.
    assert_eq!(
        (
            tool.actions[1].method.as_str(),
            tool.actions[1].flat.name.as_str()
        ),
        ("type_", "TYPE_NAME")
    );
}

#[test]
fn a_type_named_like_a_tools_served_struct_is_reported() {
    // `BillingTool` would be declared twice in the root: the old check left the served struct out.
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get: {}\n";
    let model = model(&[
        (
            "billing/billing_tool_type.yaml",
            "title: Billing Tool\ntype: object\nproperties:\n  id: { type: string }\n",
        ),
        ("billing/billing.tool.yaml", tool),
    ]);
    let errors = assign(&model).expect_err("the collision is reported");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].file, "billing/billing.tool.yaml");
    assert_eq!(
        errors[0].message,
        "`billing` becomes the Rust type `BillingTool`, which billing/billing_tool_type.yaml (at /) already defines"
    );
}

#[test]
fn constants_of_actions_equal_only_in_upper_case_are_numbered() {
    // `straße` and `strasse` are two methods, but both upper-case to `STRASSE`.
    let tool = "x-fusion-tool:\n  name: streets\n  actions:\n    straße:\n      returns: invoice.yaml\n    strasse:\n      returns: invoice.yaml\n";
    let model = model(&[
        ("billing/invoice.yaml", INVOICE),
        ("billing/streets.tool.yaml", tool),
    ]);
    let names = assign(&model).expect("resolved, not reported");
    let tool = names
        .modules
        .iter()
        .find_map(|m| m.tool.as_ref())
        .expect("the tool's names");
    let constants: Vec<&str> = tool
        .actions
        .iter()
        .map(|a| a.output_schema.as_str())
        .collect();
    assert_eq!(
        constants,
        ["STRASSE_OUTPUT_SCHEMA", "STRASSE2_OUTPUT_SCHEMA"]
    );
    assert_eq!(tool.actions[0].method, "straße");
}

#[test]
fn actions_whose_variants_collide_are_reported_by_naming() {
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    send-reminder: {}\n    send_reminder: {}\n";
    let model = model(&[("billing/billing.tool.yaml", tool)]);
    let errors = assign(&model).expect_err("the collision is reported");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].pointer, "/x-fusion-tool/actions/send_reminder");
}

#[test]
fn a_module_named_like_a_type_is_reported() {
    // Names without case are the same as a module and as a type: the root would declare `日本`
    // twice, which the old checks (modules against modules, types against types) let through.
    let model = model(&[
        (
            "a/日本.yaml",
            "title: Table\ntype: object\nproperties:\n  id: { type: string }\n",
        ),
        (
            "b/other.yaml",
            "title: 日本\ntype: object\nproperties:\n  id: { type: string }\n",
        ),
    ]);
    let errors = assign(&model).expect_err("the collision is reported");
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].file, "a/日本.yaml");
    assert!(
        errors[0]
            .message
            .starts_with("module name `日本` is also the Rust type"),
        "{}",
        errors[0].message
    );
}

#[test]
fn a_type_of_the_tool_module_named_like_its_api_trait_is_reported() {
    let tool = "x-fusion-tool:\n  name: billing\n  actions:\n    get:\n      input: { title: Billing Api, type: object, properties: { id: { type: string } } }\n";
    let elsewhere = "title: Billing Http\ntype: object\nproperties:\n  id: { type: string }\n";
    let mut model = model(&[
        ("billing/billing.tool.yaml", tool),
        ("billing/other.yaml", elsewhere),
    ]);
    // Bound to an operation the way `operations` binds one, so that the API items exist.
    let tool = model
        .modules
        .iter_mut()
        .find_map(|m| m.tool.as_mut())
        .expect("the tool");
    tool.actions[0].http = Some(crate::operations::HttpBinding {
        method: "GET".into(),
        path: "/invoices".into(),
        params: Vec::new(),
        body: None,
        origin: "api.yaml#/paths/~1invoices/get".into(),
        paging: None,
    });
    let errors = assign(&model).expect_err("the collision is reported");
    // `BillingHttp` is another module's type: the handler, not re-exported, does not meet it.
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(errors[0].file, "billing/billing.tool.yaml");
    assert_eq!(
        errors[0].message,
        "`billing` becomes the Rust item `BillingApi` calling its API, which billing/billing.tool.yaml (at /x-fusion-tool/actions/get/input) already defines in the same module"
    );
}
