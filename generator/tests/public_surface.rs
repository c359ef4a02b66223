//! The library's public surface, counted from its source: every item a downstream crate can name
//! (each public module, and each public item reachable through public modules and re-exports),
//! whatever features enable it. The engine's phases stay private behind the facade in `lib.rs`
//! (ARCHITECTURE.md, "The facade"); this keeps the facade from growing back into them unnoticed.

use std::path::{Path, PathBuf};

use syn::{Attribute, Item, UseTree, Visibility};

/// The most items the facade may have: a small, reviewable contract for build scripts, the
/// command line and the tests, rather than the engine's internals.
const MOST_PUBLIC_ITEMS: usize = 40;

/// A module's items and the folder its `mod x;` children are read from.
struct Module {
    items: Vec<Item>,
    children: PathBuf,
}

fn parse(file: &Path, children: PathBuf) -> Module {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    Module {
        items: parsed.items,
        children,
    }
}

fn has_attribute(attrs: &[Attribute], name: &str, argument: &str) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident(name)
            && (argument.is_empty()
                || attr
                    .meta
                    .require_list()
                    .is_ok_and(|list| list.tokens.to_string() == argument))
    })
}

/// The module `name` declared in `parent`, inline or in its own file.
fn child(parent: &Module, name: &str) -> Option<Module> {
    parent.items.iter().find_map(|item| match item {
        Item::Mod(module) if module.ident == name => {
            let children = parent.children.join(name);
            Some(match &module.content {
                Some((_, items)) => Module {
                    items: items.clone(),
                    children,
                },
                None => {
                    let own = parent.children.join(format!("{name}.rs"));
                    if own.exists() {
                        parse(&own, children)
                    } else {
                        parse(&children.join("mod.rs"), children)
                    }
                }
            })
        }
        _ => None,
    })
}

/// The module a `use` path leads to, if it is one of the crate's (`crate::`, or from `module`).
fn module_at(root: &Module, module: &Module, path: &[String]) -> Option<Module> {
    let (mut at, rest) = match path.first().map(String::as_str) {
        Some("crate") => (
            Module {
                items: root.items.clone(),
                children: root.children.clone(),
            },
            &path[1..],
        ),
        Some("self") => (
            Module {
                items: module.items.clone(),
                children: module.children.clone(),
            },
            &path[1..],
        ),
        _ => (
            Module {
                items: module.items.clone(),
                children: module.children.clone(),
            },
            path,
        ),
    };
    for segment in rest {
        at = child(&at, segment)?;
    }
    Some(at)
}

/// Every public item of `module`, named from the crate root, into `out`.
fn public_items(root: &Module, module: &Module, prefix: &str, out: &mut Vec<String>) {
    for item in &module.items {
        let (vis, attrs, name) = match item {
            Item::Const(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Enum(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Fn(i) => (&i.vis, &i.attrs, i.sig.ident.to_string()),
            Item::Mod(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Static(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Struct(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Trait(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Type(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Union(i) => (&i.vis, &i.attrs, i.ident.to_string()),
            Item::Use(i) => (&i.vis, &i.attrs, String::new()),
            Item::Macro(i) if has_attribute(&i.attrs, "macro_export", "") => {
                out.push(format!(
                    "{}!",
                    i.ident.as_ref().map_or(String::new(), ToString::to_string)
                ));
                continue;
            }
            _ => continue,
        };
        if !matches!(vis, Visibility::Public(_)) || has_attribute(attrs, "cfg", "test") {
            continue;
        }
        match item {
            Item::Mod(_) => {
                out.push(format!("{prefix}{name} (module)"));
                let inner = child(module, &name).expect("a declared module");
                public_items(root, &inner, &format!("{prefix}{name}::"), out);
            }
            Item::Use(import) => {
                re_exports(root, module, &import.tree, &mut Vec::new(), prefix, out)
            }
            _ => out.push(format!("{prefix}{name}")),
        }
    }
}

/// The names a `pub use` makes public; a module re-exported brings its public items along.
fn re_exports(
    root: &Module,
    module: &Module,
    tree: &UseTree,
    path: &mut Vec<String>,
    prefix: &str,
    out: &mut Vec<String>,
) {
    match tree {
        UseTree::Path(p) => {
            path.push(p.ident.to_string());
            re_exports(root, module, &p.tree, path, prefix, out);
            path.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.to_string();
            re_exported(root, module, path, &name, &name, prefix, out);
        }
        UseTree::Rename(r) => {
            let (target, name) = (r.ident.to_string(), r.rename.to_string());
            re_exported(root, module, path, &target, &name, prefix, out);
        }
        UseTree::Glob(_) => match module_at(root, module, path) {
            Some(inner) => public_items(root, &inner, prefix, out),
            None => out.push(format!("{prefix}{}::*", path.join("::"))),
        },
        UseTree::Group(g) => {
            for tree in &g.items {
                re_exports(root, module, tree, path, prefix, out);
            }
        }
    }
}

/// One name a `pub use` makes public: `target` at `path`, as `name`.
fn re_exported(
    root: &Module,
    module: &Module,
    path: &mut Vec<String>,
    target: &str,
    name: &str,
    prefix: &str,
    out: &mut Vec<String>,
) {
    path.push(target.to_owned());
    match module_at(root, module, path) {
        Some(inner) => {
            out.push(format!("{prefix}{name} (module)"));
            public_items(root, &inner, &format!("{prefix}{name}::"), out);
        }
        None => out.push(format!("{prefix}{name}")),
    }
    path.pop();
}

#[test]
fn the_library_exposes_a_small_facade() {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let root = parse(&src.join("lib.rs"), src.to_path_buf());
    let mut items = Vec::new();
    public_items(&root, &root, "", &mut items);
    assert!(
        items.len() <= MOST_PUBLIC_ITEMS,
        "the library exposes {} items, at most {MOST_PUBLIC_ITEMS} allowed: put new ones behind the \
         facade in lib.rs rather than making an engine module public:\n  {}",
        items.len(),
        items.join("\n  ")
    );
}
