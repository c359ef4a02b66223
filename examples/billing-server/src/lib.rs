//! The billing domain of `schemas/` as a running MCP server: the generated `billing`, `clients`
//! and `reminders` tools (the last exposed flat: `reminders_due` and `reminders_send`) bound to
//! an in-memory store, and the hand-written slow `statement` tool ([`statement`]: progress and
//! cancellation), served by [`FusionServer`] over stdio or
//! streamable HTTP (see `src/main.rs`: `fusion_runtime::stdio` and `fusion_runtime::http`, with
//! their safe defaults). The whole server is [`server`]; the rest is the store.

#![deny(missing_docs)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use fusion_runtime::rmcp::{DuplicateTool, FusionServer};
use fusion_runtime::{
    HandlerError, Reply, ResponseBuilder, ToolErrorOptions, ToolResponse, tool_error,
};

/// The example definitions of `schemas/`, as checked in under `generated/`.
#[rustfmt::skip]
#[path = "../../../generated/mod.rs"]
pub mod generated;

pub mod access;
pub mod statement;

use generated::billing_tool::{
    BillingGetInput, BillingHandler, BillingListInput, BillingRemindInput, BillingTool,
};
use generated::clients_tool::{ClientsGetInput, ClientsHandler, ClientsListInput, ClientsTool};
use generated::reminders_tool::{
    RemindersDueInput, RemindersHandler, RemindersSendInput, RemindersTool,
};
use generated::{Client, ClientTier, Invoice, InvoiceLine, InvoicePresenter, InvoiceStatus};

/// The invoice id whose lookup fails inside the handler in a way that may pass, to show
/// `INTERNAL_ERROR` with upstream's invitation to retry ([`HandlerError::transient`]).
pub const FAILING_INVOICE: &str = "INV-FAIL";

/// The invoice id whose lookup fails for good, to show a plain `Err` (any `Display` error):
/// `INTERNAL_ERROR` that does not invite the same call again.
pub const BROKEN_INVOICE: &str = "INV-BROKEN";

/// How `billing/list` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ListAnswer {
    /// With the generated presenter (the data block, rules, UI, suggestions, agent limit).
    #[default]
    Presenter,
    /// With `serde_json::to_string_pretty` of the same rows and nothing else: the baseline the
    /// load benchmark compares the presenter with.
    PrettyJson,
}

/// A deterministic in-memory store of invoices and their clients.
#[derive(Debug)]
pub struct Store {
    invoices: Vec<Invoice>,
    clients: Vec<Client>,
    list_answer: ListAnswer,
    /// How many reminders the handlers sent: what a check that refuses a call must leave as it
    /// was (`tests/middleware.rs`).
    reminders_sent: AtomicUsize,
    /// The pages `billing/list` answered last, shared with the calls that ask for them again
    /// (the store never changes, so a page never goes stale).
    pages: Mutex<Vec<(PageKey, Arc<Vec<Invoice>>)>>,
}

/// A `billing/list` page: the status filter and how many rows it holds at most.
type PageKey = (Option<InvoiceStatus>, usize);

/// How many pages [`Store`] keeps: any more and the oldest goes, so a client asking for every
/// limit in turn holds no more memory than this.
const PAGES_KEPT: usize = 16;

impl Store {
    /// `count` invoices over 12 clients, the same on every run (a fixed linear congruential
    /// sequence, no clock, no randomness).
    pub fn seeded(count: usize) -> Self {
        let tiers = [ClientTier::Free, ClientTier::Pro, ClientTier::Enterprise];
        let clients: Vec<Client> = (0..12)
            .map(|i| Client {
                id: format!("C-{:02}", i + 1),
                name: format!("Client {}", i + 1),
                email: (i % 3 != 0).then(|| Some(format!("billing{}@client.example", i + 1))),
                tier: (i % 4 != 3).then(|| tiers[i % 3]),
            })
            .collect();
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |bound: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % bound
        };
        let statuses = [
            InvoiceStatus::Paid,
            InvoiceStatus::Pending,
            InvoiceStatus::Overdue,
        ];
        let invoices = (0..count)
            .map(|i| {
                let status = statuses[next(3) as usize];
                let month = next(12) + 1;
                let day = next(28) + 1;
                let lines: Vec<InvoiceLine> = (0..next(3) + 1)
                    .map(|line| InvoiceLine {
                        sku: format!("SKU-{}", 100 + next(900)),
                        quantity: next(9) as i64 + 1,
                        unit_cents: (next(50_000) as i64 + 100) * (line as i64 + 1),
                        discount: None,
                    })
                    .collect();
                let amount_cents = lines.iter().map(|l| l.quantity * l.unit_cents).sum();
                Invoice {
                    id: format!("INV-{:06}", i + 1),
                    amount_cents,
                    status,
                    due: Some(format!("2026-{month:02}-{day:02}")),
                    paid_at: (status == InvoiceStatus::Paid)
                        .then(|| Some(format!("2026-{month:02}-{day:02}T10:00:00Z"))),
                    tax_rate: Some([0.0, 0.1, 0.2][next(3) as usize]),
                    client: clients[next(clients.len() as u64) as usize].clone(),
                    lines: Some(lines),
                }
            })
            .collect();
        Self {
            invoices,
            clients,
            list_answer: ListAnswer::Presenter,
            reminders_sent: AtomicUsize::new(0),
            pages: Mutex::new(Vec::new()),
        }
    }

    /// The same store, answering `billing/list` as `answer` says.
    #[must_use]
    pub fn answering_list(mut self, answer: ListAnswer) -> Self {
        self.list_answer = answer;
        self
    }

    /// The first `count` invoices, as `billing/list` without a filter returns them.
    pub fn first_invoices(&self, count: usize) -> Vec<Invoice> {
        self.invoices.iter().take(count).cloned().collect()
    }

    /// The invoices of `status` (all without one), `limit` at most, as `billing/list` returns
    /// them: the page of an earlier call when it asked for the same, shared rather than copied
    /// (what a server with a cache of its hot queries does).
    pub fn page(&self, status: Option<InvoiceStatus>, limit: usize) -> Arc<Vec<Invoice>> {
        let key = (status, limit.min(self.invoices.len()));
        let mut pages = self.pages.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, page)) = pages.iter().find(|(kept, _)| *kept == key) {
            return Arc::clone(page);
        }
        let page: Arc<Vec<Invoice>> = Arc::new(
            self.invoices
                .iter()
                .filter(|invoice| status.is_none_or(|status| invoice.status == status))
                .take(key.1)
                .cloned()
                .collect(),
        );
        if pages.len() == PAGES_KEPT {
            pages.remove(0);
        }
        pages.push((key, Arc::clone(&page)));
        page
    }

    /// How many reminders `billing/remind` and `reminders_send` have sent.
    pub fn reminders_sent(&self) -> usize {
        self.reminders_sent.load(Ordering::Relaxed)
    }

    fn invoice(&self, id: &str) -> Option<&Invoice> {
        self.invoices.iter().find(|invoice| invoice.id == id)
    }
}

/// The store, shared by the tools (and, over HTTP, by every request).
#[derive(Debug, Clone)]
pub struct Billing(pub Arc<Store>);

fn not_found(what: &str, id: &str, tool: &str) -> ToolResponse {
    // The id is the agent's: echoed cut and on one line, as the framework echoes what it sent.
    let id = fusion_runtime::escape::echo(id);
    let mut options = ToolErrorOptions::new(format!("{what} \"{id}\" does not exist."));
    options.suggestion = Some(format!("Call {tool} with action `list` to see the ids."));
    tool_error("NOT_FOUND", options)
}

/// `get` answers its failures as errors of the handler's type, [`HandlerError`]: one constructor
/// per wire format §12 code.
impl BillingHandler for Billing {
    type Error = HandlerError;

    async fn get(&self, args: BillingGetInput) -> Result<Reply<Invoice>, HandlerError> {
        if args.id == FAILING_INVOICE {
            return Err(HandlerError::transient(
                "the ledger database is unreachable",
            ));
        }
        if args.id == BROKEN_INVOICE {
            // `?` on any error that prints: `INTERNAL_ERROR`, not marked transient.
            let _: u64 = "the ledger row is corrupt".parse()?;
        }
        match self.0.invoice(&args.id) {
            Some(invoice) => Ok(Reply::Data(invoice.clone())),
            None => {
                // The id is the agent's: echoed cut and on one line.
                let id = fusion_runtime::escape::echo(&args.id);
                Err(
                    HandlerError::not_found(format!("Invoice \"{id}\" does not exist."))
                        .recovery("Call billing with action `list` to see the ids."),
                )
            }
        }
    }

    async fn list(&self, args: BillingListInput) -> Result<Reply<Vec<Invoice>>, HandlerError> {
        // `status` is the presenter's own enum (`$ref` in billing.tool.yaml): no conversion.
        let wanted = args.status;
        let limit = args
            .limit
            .map_or(usize::MAX, |limit| usize::try_from(limit).unwrap_or(0));
        let rows = self.0.page(wanted, limit);
        match self.0.list_answer {
            ListAnswer::Presenter => Ok(Reply::Shared(rows)),
            ListAnswer::PrettyJson => serde_json::to_string_pretty(&*rows)
                .map(|text| Reply::Response(ToolResponse::text(text)))
                .map_err(HandlerError::from),
        }
    }

    async fn remind(&self, args: BillingRemindInput) -> Result<ToolResponse, HandlerError> {
        Ok(match self.0.invoice(&args.id) {
            Some(invoice) => {
                self.0.reminders_sent.fetch_add(1, Ordering::Relaxed);
                ToolResponse::text(format!(
                    "Reminder sent to {} for {}.",
                    invoice.client.name, invoice.id
                ))
            }
            None => not_found("Invoice", &args.id, "billing"),
        })
    }
}

impl ClientsHandler for Billing {
    type Error = String;

    async fn get(&self, args: ClientsGetInput) -> Result<Reply<Client>, String> {
        Ok(
            match self.0.clients.iter().find(|client| client.id == args.id) {
                Some(client) => Reply::Data(client.clone()),
                None => Reply::Response(not_found("Client", &args.id, "clients")),
            },
        )
    }

    async fn list(&self, args: ClientsListInput) -> Result<Reply<Vec<Client>>, String> {
        let wanted = args.tier.map(|tier| tier.as_str());
        // `email` is a valid address here: the generated reader checked its `format`.
        let email = args.email.as_deref();
        Ok(Reply::Data(
            self.0
                .clients
                .iter()
                .filter(|client| {
                    wanted.is_none_or(|tier| client.tier.map(|t| t.as_str()) == Some(tier))
                })
                .filter(|client| {
                    email.is_none_or(|email| {
                        client.email.as_ref().and_then(Option::as_deref) == Some(email)
                    })
                })
                .cloned()
                .collect(),
        ))
    }
}

/// The reminders tool is exposed flat: `reminders_due` (read-only) and `reminders_send`
/// (destructive) are MCP tools of their own.
impl RemindersHandler for Billing {
    type Error = String;

    async fn due(&self, args: RemindersDueInput) -> Result<Reply<Vec<Invoice>>, String> {
        let limit = args
            .limit
            .map_or(usize::MAX, |limit| usize::try_from(limit).unwrap_or(0));
        Ok(Reply::Data(
            self.0
                .invoices
                .iter()
                .filter(|invoice| invoice.status == InvoiceStatus::Overdue)
                .take(limit)
                .cloned()
                .collect(),
        ))
    }

    async fn send(&self, args: RemindersSendInput) -> Result<ToolResponse, String> {
        let id = fusion_runtime::escape::echo(&args.id);
        let refusal = |code: &str, message: String| {
            let mut options = ToolErrorOptions::new(message);
            options.suggestion = Some("Call reminders_due to see the overdue invoices.".into());
            tool_error(code, options)
        };
        Ok(match self.0.invoice(&args.id) {
            Some(invoice) if invoice.status == InvoiceStatus::Overdue => {
                self.0.reminders_sent.fetch_add(1, Ordering::Relaxed);
                ToolResponse::text(format!(
                    "Reminder sent to {} for {}.",
                    invoice.client.name, invoice.id
                ))
            }
            Some(invoice) => refusal(
                "NOT_OVERDUE",
                format!(
                    "Invoice \"{id}\" is {}: only overdue invoices get a reminder.",
                    invoice.status.as_str()
                ),
            ),
            None => refusal("NOT_FOUND", format!("Invoice \"{id}\" does not exist.")),
        })
    }
}

/// What the invoice presenter's declarations cannot say, computed from the store: the billing
/// tool presents every invoice through these hooks (the handler, [`Billing`], is their context),
/// with the agent's `_select` still cutting the data block.
#[derive(Debug, Clone, Copy, Default)]
pub struct StoreHooks;

impl fusion_runtime::Hooks<InvoicePresenter, Billing> for StoreHooks {
    fn item(&self, invoice: &Invoice, billing: &Billing, builder: &mut ResponseBuilder) {
        let open = billing
            .0
            .invoices
            .iter()
            .filter(|other| {
                other.client.id == invoice.client.id && other.status != InvoiceStatus::Paid
            })
            .count();
        let noun = if open == 1 { "invoice" } else { "invoices" };
        // The client's name is data: `rule` escapes it for the rule line it lands in.
        builder.rule(format!(
            "{} has {open} open {noun} in this store.",
            invoice.client.name
        ));
    }
}

/// The whole server: the four tools over one store, with instructions for the agent.
pub fn server(store: Store) -> Result<FusionServer, DuplicateTool> {
    let billing = Billing(Arc::new(store));
    FusionServer::new("fusion-billing", env!("CARGO_PKG_VERSION"))
        .with_instructions("Invoices and clients of a demo store. Amounts are in cents.")
        .with_tool(BillingTool::new(billing.clone()).with_hooks(StoreHooks))?
        .with_tool(ClientsTool::new(billing.clone()))?
        .with_tool(RemindersTool::new(billing.clone()))?
        .with_tool(statement::StatementTool::new(billing))
}
