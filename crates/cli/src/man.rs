//! The manual pages: gridsolve(1), and gridsolve-COMMAND(1) for each subcommand
//! (clap_mangen renders a page from a `Command`), each with a SEE ALSO section that
//! names the others. `gridsolve man` writes them; `cargo xtask man` keeps them in docs/.

use clap_mangen::roff::{Roff, roman};

/// The commands with a page: gridsolve itself, then every subcommand that is not
/// hidden, each built so that its name is `gridsolve-COMMAND` (and its synopsis
/// `gridsolve COMMAND`). The `help` subcommand has none: `--help` is on every page.
pub(crate) fn pages(command: clap::Command) -> Vec<clap::Command> {
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let subcommands: Vec<clap::Command> = command
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .cloned()
        .collect();
    std::iter::once(command).chain(subcommands).collect()
}

/// A page's name (`gridsolve`, `gridsolve-gen`): its file is `NAME.1`.
pub(crate) fn name(page: &clap::Command) -> &str {
    page.get_display_name().unwrap_or_else(|| page.get_name())
}

/// The roff of `page`, one of `pages`: clap_mangen's page, then SEE ALSO: from
/// gridsolve(1) every other page, from a subcommand's page gridsolve(1).
///
/// # Errors
/// None in practice: the page is written to memory.
pub(crate) fn render(page: &clap::Command, pages: &[clap::Command]) -> std::io::Result<String> {
    let main = name(&pages[0]);
    let source = format!("{main} {}", pages[0].get_version().unwrap_or_default());
    let mut out = Vec::new();
    clap_mangen::Man::new(page.clone())
        .source(source)
        .render(&mut out)?;
    let see: Vec<String> = if name(page) == main {
        pages[1..]
            .iter()
            .map(|p| format!("{}(1)", name(p)))
            .collect()
    } else {
        vec![format!("{main}(1)")]
    };
    let mut out = String::from_utf8_lossy(&out).into_owned();
    // The EXTRA section (a command's after_long_help) holds tables: printed as they are
    // written, not filled into paragraphs.
    if let Some(start) = out.find("\n.SH EXTRA\n") {
        let body = start + "\n.SH EXTRA\n".len();
        let end = out[body..]
            .find("\n.SH ")
            .map_or(out.len(), |i| body + i + 1);
        out.insert_str(end, ".fi\n");
        out.insert_str(body, ".nf\n");
    }
    let mut also = Roff::new();
    also.control("SH", ["SEE ALSO"])
        .text([roman(see.join(", "))]);
    // No apostrophe in the names, so no preamble to define one again.
    out.push_str(&also.to_roff());
    Ok(out)
}
