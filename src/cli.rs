//! The command-line programs' options (`src/bin/`): `--name value` pairs and lone flags.

/// A program's command line.
pub struct Args(Vec<String>);

impl Args {
    /// The program's own arguments.
    pub fn from_env() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// The value after `name`, else `default`.
    pub fn text(&self, name: &str, default: &str) -> String {
        let at = self.0.iter().position(|a| a == name);
        at.and_then(|i| self.0.get(i + 1)).cloned().unwrap_or(default.to_string())
    }

    /// Whether `name` is given (an option without a value).
    pub fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }

    /// The number after `name`, else `default`; an error says which option was not a number.
    pub fn number<T: std::str::FromStr>(&self, name: &str, default: &str) -> Result<T, String> {
        let text = self.text(name, default);
        text.parse().map_err(|_| format!("{name} takes a number, not '{text}'"))
    }

    /// The arguments that are neither options (`--…`) nor the values of `valued` options.
    pub fn operands(&self, valued: &[&str]) -> Vec<&str> {
        let after_valued = |i: usize| i > 0 && valued.contains(&self.0[i - 1].as_str());
        let operand = |&(i, a): &(usize, &String)| !a.starts_with("--") && !after_valued(i);
        self.0.iter().enumerate().filter(operand).map(|(_, a)| a.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Args;

    fn args(text: &str) -> Args {
        Args(text.split_whitespace().map(String::from).collect())
    }

    #[test]
    fn values_flags_and_operands() {
        let args = args("startpos --repeat 3 --quick matsuri");
        assert_eq!(args.number::<u32>("--repeat", "1"), Ok(3));
        assert_eq!(args.number::<u32>("--seed", "7"), Ok(7));
        assert!(args.flag("--quick") && !args.flag("--warm"));
        assert_eq!(args.operands(&["--repeat"]), ["startpos", "matsuri"]);
        assert_eq!(args.number::<u32>("--quick", "1"), Err("--quick takes a number, not 'matsuri'".to_string()));
    }
}
