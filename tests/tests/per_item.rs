//! Lists that tell the agent what it needs (issue 38), through the generated `loans` tool of the
//! behaviours corpus (`tests/corpus/behaviours/loan.yaml`, `loans.tool.yaml`): a `per-item` rule
//! or suggestion tests every kept loan and names the ones it matched, bounded by the agent limit,
//! where upstream reads the first loan only; the truncation note names the action's filters.

use fusion_runtime::{Reply, ToolResponse};
use fusion_tests::block_on;
use fusion_tests::snapshots::behaviours::loan::Loan;
use fusion_tests::snapshots::behaviours::loans_tool::{
    self, LIST_FILTERS, LoansGetInput, LoansHandler, LoansListInput, LoansRenewInput,
};
use serde_json::json;

/// A desk lending `loans`, which `list` returns all of and `get` finds by id.
struct Desk {
    loans: Vec<Loan>,
}

impl LoansHandler for Desk {
    type Error = String;

    async fn list(&self, _args: LoansListInput) -> Result<Reply<Vec<Loan>>, String> {
        Ok(Reply::Data(self.loans.clone()))
    }

    async fn get(&self, args: LoansGetInput) -> Result<Reply<Loan>, String> {
        self.loans
            .iter()
            .find(|loan| loan.id == args.id)
            .cloned()
            .map(Reply::Data)
            .ok_or_else(|| format!("no loan {}", args.id))
    }

    async fn renew(&self, _args: LoansRenewInput) -> Result<ToolResponse, String> {
        Err("not in these tests".into())
    }
}

/// Loans `L-1` to `L-{count}`, overdue at the given numbers; `L-4` owes a fine.
fn desk(count: usize, overdue: &[usize]) -> Desk {
    let loans = (1..=count)
        .map(|n| Loan {
            id: format!("L-{n}"),
            title: format!("Book {n}"),
            borrower: format!("Reader {n}"),
            overdue: overdue.contains(&n),
            fine_cents: (n == 4).then_some(350),
        })
        .collect();
    Desk { loans }
}

fn call(desk: &Desk, arguments: serde_json::Value) -> Vec<String> {
    block_on(loans_tool::call(desk, &arguments))
        .texts()
        .to_vec()
}

/// Issue 38's must-show: five loans, two overdue; upstream's first-item rule would say nothing.
#[test]
fn five_loans_two_overdue_name_both_in_the_rules() {
    let texts = call(&desk(5, &[2, 4]), json!({"action": "list"}));
    assert_eq!(
        texts,
        [
            concat!(
                r#"[{"id":"L-1","title":"Book 1","borrower":"Reader 1","overdue":false},"#,
                r#"{"id":"L-2","title":"Book 2","borrower":"Reader 2","overdue":true},"#,
                r#"{"id":"L-3","title":"Book 3","borrower":"Reader 3","overdue":false},"#,
                r#"{"id":"L-4","title":"Book 4","borrower":"Reader 4","overdue":true,"fine_cents":350},"#,
                r#"{"id":"L-5","title":"Book 5","borrower":"Reader 5","overdue":false}]"#,
            ),
            "<domain_rules>\n\
             - Loans are lent for three weeks.\n\
             - Overdue: L-2, L-4. Ask the borrower to return or renew before lending more.\n\
             - Fines are owed on L-4.\n\
             - Start with loan L-1.\n\
             </domain_rules>",
            "<action_suggestions>\n\
             - loans.renew: Renew L-2, L-4\n\
             - loans.get: Details of L-1\n\
             </action_suggestions>",
        ]
    );
}

/// The agent limit (10) bounds what a per-item rule reads: an overdue loan the agent is not
/// shown is not named; the truncation note names the list's filters, not its cursor or its
/// object-valued `shelf`.
#[test]
fn per_item_rules_read_only_the_loans_the_agent_limit_keeps() {
    assert_eq!(LIST_FILTERS, ["overdue", "borrower"]);
    let texts = call(&desk(12, &[3, 11]), json!({"action": "list"}));
    assert_eq!(texts.len(), 4, "{texts:#?}");
    assert_eq!(
        texts[1],
        "<ui_passthrough type=\"summary\">\n\
         📊 **Summary**: ⚠️ Dataset truncated. 10 shown, 2 hidden. Use filters to narrow results: overdue, borrower.\n\
         </ui_passthrough>"
    );
    assert_eq!(
        texts[2],
        "<domain_rules>\n\
         - Loans are lent for three weeks.\n\
         - Overdue: L-3. Ask the borrower to return or renew before lending more.\n\
         - Fines are owed on L-4.\n\
         - Start with loan L-1.\n\
         </domain_rules>"
    );
    assert_eq!(
        texts[3],
        "<action_suggestions>\n- loans.renew: Renew L-3\n- loans.get: Details of L-1\n</action_suggestions>"
    );
}

/// No loan matches: the per-item rules and suggestion are left out, the others stay.
#[test]
fn a_per_item_rule_no_loan_matches_is_left_out() {
    let texts = call(&desk(3, &[]), json!({"action": "list"}));
    assert_eq!(
        texts[1..],
        [
            "<domain_rules>\n- Loans are lent for three weeks.\n- Start with loan L-1.\n</domain_rules>",
            "<action_suggestions>\n- loans.get: Details of L-1\n</action_suggestions>",
        ]
    );
    let empty = call(&desk(0, &[]), json!({"action": "list"}));
    assert_eq!(
        empty,
        [
            "[]",
            "<domain_rules>\n- Loans are lent for three weeks.\n</domain_rules>"
        ]
    );
}

/// One loan is the one item matched: the rule reads as any item rule.
#[test]
fn one_overdue_loan_is_the_one_item_matched() {
    let texts = call(&desk(5, &[2, 4]), json!({"action": "get", "id": "L-4"}));
    assert_eq!(
        texts[1..],
        [
            "<domain_rules>\n\
             - Loans are lent for three weeks.\n\
             - Overdue: L-4. Ask the borrower to return or renew before lending more.\n\
             - Fines are owed on L-4.\n\
             - Start with loan L-4.\n\
             </domain_rules>",
            "<action_suggestions>\n- loans.renew: Renew L-4\n- loans.get: Details of L-4\n</action_suggestions>",
        ]
    );
}
