use super::fake::*;
use super::parse::MAX_NODES;
use super::*;

/// Errors as their messages: the assertions say what the user reads.
fn eval(text: &str) -> Result<Evaluated, String> {
    parse(text)
        .and_then(|e| evaluate(&e, &target()))
        .map_err(|e| e.to_string())
}

const TOO_COMPLEX: &str = "Expression too complex.";

/// The value as text (natural format), so typed results read naturally in assertions.
fn show(text: &str) -> String {
    match eval(text) {
        Ok(v) => crate::format::value(&v, crate::format::Format::Natural, &target()),
        Err(e) => format!("error: {e}"),
    }
}

fn err(text: &str) -> String {
    match eval(text) {
        Ok(v) => panic!("{text} evaluated to {v:?}"),
        Err(e) => e,
    }
}

#[test]
fn literals() {
    assert_eq!(eval("42"), Ok(Evaluated::Int(42)));
    assert_eq!(eval("0x2A"), Ok(Evaluated::Int(42)));
    assert_eq!(eval("052"), Ok(Evaluated::Int(42)));
    assert_eq!(eval("0"), Ok(Evaluated::Int(0)));
    assert_eq!(eval("42u"), Ok(Evaluated::UInt(42)));
    assert_eq!(eval("42UL"), Ok(Evaluated::UInt(42)));
    assert_eq!(eval("42ll"), Ok(Evaluated::Int(42)));
    assert_eq!(eval("18446744073709551615"), Ok(Evaluated::UInt(u64::MAX)));
    assert_eq!(eval("1.5"), Ok(Evaluated::Float(1.5)));
    assert_eq!(eval("1e3"), Ok(Evaluated::Float(1000.0)));
    assert_eq!(eval("1.5e-7"), Ok(Evaluated::Float(1.5e-7)));
    assert_eq!(eval(".5"), Ok(Evaluated::Float(0.5)));
    assert_eq!(eval("2.5f"), Ok(Evaluated::Float(2.5)));
    assert_eq!(eval("'A'"), Ok(Evaluated::Int(65)));
    assert_eq!(eval("'\\n'"), Ok(Evaluated::Int(10)));
    assert_eq!(eval("'\\x41'"), Ok(Evaluated::Int(65)));
    assert_eq!(eval("'\\101'"), Ok(Evaluated::Int(65)));
    assert_eq!(eval("'\\0'"), Ok(Evaluated::Int(0)));
    assert_eq!(eval("'\\377'"), Ok(Evaluated::Int(-1)));
    assert_eq!(eval("'\\''"), Ok(Evaluated::Int(39)));
    assert_eq!(eval("true"), Ok(Evaluated::Int(1)));
    assert_eq!(err("99999999999999999999"), "Numeric constant too large.");
    assert_eq!(err("0x"), "Invalid number \"0x\".");
    assert_eq!(err("1.2.3"), "Invalid number \"1.2.3\".");
    assert_eq!(err("12abc"), "Invalid number \"12abc\".");
    assert_eq!(err("09"), "Invalid number \"09\".");
    assert_eq!(err("1uu"), "Invalid number \"1uu\".");
    assert_eq!(eval("0u"), Ok(Evaluated::UInt(0)));
    assert_eq!(eval("010ul"), Ok(Evaluated::UInt(8)));
}

#[test]
fn arithmetic_and_precedence() {
    let int = |text| eval(text).map_err(|e| format!("{text}: {e}"));
    assert_eq!(int("1 + 2 * 3"), Ok(Evaluated::Int(7)));
    assert_eq!(int("(1 + 2) * 3"), Ok(Evaluated::Int(9)));
    assert_eq!(int("10 - 2 - 3"), Ok(Evaluated::Int(5)));
    assert_eq!(int("10 / 3"), Ok(Evaluated::Int(3)));
    assert_eq!(int("-7 / 2"), Ok(Evaluated::Int(-3)));
    assert_eq!(int("-7 % 3"), Ok(Evaluated::Int(-1)));
    assert_eq!(int("1 << 4"), Ok(Evaluated::Int(16)));
    assert_eq!(int("256 >> 4"), Ok(Evaluated::Int(16)));
    assert_eq!(int("-16 >> 2"), Ok(Evaluated::Int(-4)));
    assert_eq!(int("1 + 1 << 2"), Ok(Evaluated::Int(8)));
    assert_eq!(int("6 & 3"), Ok(Evaluated::Int(2)));
    assert_eq!(int("6 | 3"), Ok(Evaluated::Int(7)));
    assert_eq!(int("6 ^ 3"), Ok(Evaluated::Int(5)));
    assert_eq!(int("6 ^ 3 | 8 & 12"), Ok(Evaluated::Int(13)));
    assert_eq!(int("~0"), Ok(Evaluated::Int(-1)));
    assert_eq!(int("-(3)"), Ok(Evaluated::Int(-3)));
    assert_eq!(int("+3"), Ok(Evaluated::Int(3)));
    assert_eq!(int("- -3"), Ok(Evaluated::Int(3)));
    assert_eq!(int("!0"), Ok(Evaluated::Int(1)));
    assert_eq!(int("!5"), Ok(Evaluated::Int(0)));
    assert_eq!(int("!!5"), Ok(Evaluated::Int(1)));
    for (text, expected) in [
        ("1 < 2", 1),
        ("2 < 1", 0),
        ("2 <= 2", 1),
        ("3 > 2", 1),
        ("2 >= 3", 0),
        ("2 == 2", 1),
        ("2 != 2", 0),
        ("1 < 2 == 1", 1),
        ("1 || 0", 1),
        ("0 || 0", 0),
        ("0 && 1", 0),
        ("2 && 3", 1),
        ("1 || 1 && 0", 1),
        ("1.5 > 1", 1),
        // C's conversions: -1 becomes the largest unsigned.
        ("-1 < 0u", 0),
    ] {
        assert_eq!(int(text), Ok(Evaluated::Int(expected)), "{text}");
    }
    assert_eq!(int("1 + 0.5"), Ok(Evaluated::Float(1.5)));
    assert_eq!(int("7 / 2.0"), Ok(Evaluated::Float(3.5)));
    assert_eq!(int("-2.5"), Ok(Evaluated::Float(-2.5)));
    assert_eq!(int("1.0 / 0"), Ok(Evaluated::Float(f64::INFINITY)));
    assert_eq!(int("0u - 1"), Ok(Evaluated::UInt(u64::MAX)));
    assert_eq!(int("-1u"), Ok(Evaluated::UInt(u64::MAX)));
    assert_eq!(int("~0u"), Ok(Evaluated::UInt(u64::MAX)));
    assert_eq!(int("7u % 4"), Ok(Evaluated::UInt(3)));
    assert_eq!(int("1u << 63 >> 63"), Ok(Evaluated::UInt(1)));
}

#[test]
fn arithmetic_edge_cases_do_not_panic() {
    assert_eq!(
        eval("9223372036854775807 + 1"),
        Ok(Evaluated::Int(i64::MIN))
    );
    assert_eq!(
        eval("(-9223372036854775807 - 1) / -1"),
        Ok(Evaluated::Int(i64::MIN))
    );
    assert_eq!(
        eval("(-9223372036854775807 - 1) % -1"),
        Ok(Evaluated::Int(0))
    );
    assert_eq!(
        eval("9223372036854775807 * 9223372036854775807"),
        Ok(Evaluated::Int(1))
    );
    assert_eq!(eval("1 << 64"), Ok(Evaluated::Int(0)));
    assert_eq!(eval("1 << -1"), Ok(Evaluated::Int(0)));
    assert_eq!(eval("-8 >> 100"), Ok(Evaluated::Int(-1)));
    assert_eq!(eval("1u >> 64"), Ok(Evaluated::UInt(0)));
    assert_eq!(err("1 / 0"), "Division by zero");
    assert_eq!(err("5 % 0"), "Division by zero");
    assert_eq!(err("5u / 0"), "Division by zero");
    assert_eq!(err("1.5 % 2"), "Integer operands required for '%'.");
    assert_eq!(err("1.5 & 1"), "Integer operands required for '&'.");
    assert_eq!(err("1 << 1.5"), "Integer operands required for '<<'.");
    assert_eq!(err("~1.5"), "Integer operands required for '~'.");
}

#[test]
fn variables_in_arithmetic() {
    assert_eq!(eval("i + 1"), Ok(Evaluated::Int(-6)));
    assert_eq!(eval("u + 1"), Ok(Evaluated::Int(4_000_000_001)));
    assert_eq!(eval("ul + 1"), Ok(Evaluated::UInt(0)));
    assert_eq!(eval("l * 2"), Ok(Evaluated::Int(-10)));
    assert_eq!(eval("f * 2"), Ok(Evaluated::Float(5.0)));
    assert_eq!(eval("h * 2"), Ok(Evaluated::Float(3.0)));
    assert_eq!(eval("d * 10"), Ok(Evaluated::Float(1.0)));
    assert_eq!(eval("c + 1"), Ok(Evaluated::Int(66)));
    assert_eq!(eval("uc + 0"), Ok(Evaluated::Int(200)));
    assert_eq!(eval("flag + 1"), Ok(Evaluated::Int(2)));
    assert_eq!(eval("color == 5"), Ok(Evaluated::Int(1)));
    assert_eq!(eval("i < 0 && f > 2"), Ok(Evaluated::Int(1)));
    assert_eq!(show("i"), "-7");
    assert_eq!(
        err("s + 1"),
        "Argument to arithmetic operation not a number or boolean."
    );
    assert_eq!(
        err("v * 2"),
        "Argument to arithmetic operation not a number or boolean."
    );
}

#[test]
fn members_through_typedefs() {
    assert_eq!(show("s.a"), "1");
    assert_eq!(show("s.b"), "{0.5,1.5,2.5}");
    assert_eq!(show("s.b[1]"), "1.5");
    assert_eq!(show("s.in.x"), "-2");
    assert_eq!(show("s.in.c"), "65");
    assert_eq!(show("un.f"), "1");
    assert_eq!(show("un.i"), "1065353216");
    assert_eq!(show("sp->a"), "100");
    assert_eq!(show("sp->b[2]"), "3");
    assert_eq!(show("sp->in.c"), "122");
    assert_eq!(show("(*sp).in.x"), "7");
    assert_eq!(show("(&s)->a"), "1");
    // Lenient like gdb: `.` through a pointer, `->` on a struct.
    assert_eq!(show("sp.a"), "100");
    assert_eq!(show("s->a"), "1");
    assert_eq!(err("s.q"), "There is no member named q.");
    assert_eq!(err("sp->q"), "There is no member named q.");
    assert_eq!(
        err("i.a"),
        "Attempt to extract a component of a value that is not a structure."
    );
    assert_eq!(
        err("i->a"),
        "Attempt to extract a component of a value that is not a structure pointer."
    );
    assert_eq!(
        err("1 .a"),
        "Attempt to extract a component of a value that is not a structure."
    );
    assert_eq!(
        err("vp->a"),
        "Attempt to extract a component of a value that is not a structure pointer."
    );
    assert_eq!(
        err("gp->a"),
        "Attempt to extract a component of a value that is not a structure pointer."
    );
}

#[test]
fn pointers_in_every_space() {
    assert_eq!(show("*gp"), "10");
    assert_eq!(show("gp[2]"), "30");
    assert_eq!(show("*(gp + 3)"), "40");
    assert_eq!(show("*(3 + gp)"), "40");
    assert_eq!(show("*(gp + 4 - 1)"), "40");
    assert_eq!(show("gp + 1"), "0x1000000000004");
    assert_eq!(show("vp + 1"), "0x1000000000001");
    assert_eq!(eval("(gp + 3) - gp"), Ok(Evaluated::Int(3)));
    assert_eq!(eval("&gp[1] - gp"), Ok(Evaluated::Int(1)));
    assert_eq!(eval("gp + 1 == &gp[1]"), Ok(Evaluated::Int(1)));
    assert_eq!(eval("gp < gp + 1"), Ok(Evaluated::Int(1)));
    assert_eq!(eval("nul == 0"), Ok(Evaluated::Int(1)));
    assert_eq!(eval("!nul"), Ok(Evaluated::Int(1)));
    assert_eq!(eval("!gp"), Ok(Evaluated::Int(0)));
    // Local and constant buffers have the same addresses as global ones; the space decides.
    assert_eq!(show("*lp"), "5");
    assert_eq!(show("lp[1]"), "6");
    assert_eq!(show("*cp"), "7");
    assert_eq!(show("cp[1]"), "8");
    assert_eq!(show("*pp"), "1");
    assert_eq!(show("*gen"), "10");
    assert_eq!(show("gen[3]"), "40");
    // Pointer typed results keep the kernel's type.
    let Ok(Evaluated::Typed(v)) = eval("gp + 1") else {
        panic!("gp + 1 is not typed")
    };
    assert_eq!(v.ty, INT_GLOBAL_PTR);
    assert_eq!(
        err("gp * 2"),
        "Argument to arithmetic operation not a number or boolean."
    );
    assert_eq!(
        err("gp + 1.5"),
        "Argument to arithmetic operation not a number or boolean."
    );
}

#[test]
fn bad_pointers_fail_when_read() {
    // Dereferencing is lazy: the value exists, reading it fails.
    assert!(eval("*bad").is_ok());
    assert_eq!(
        show("*bad"),
        "<error: Cannot access memory at address 0xdead>"
    );
    assert_eq!(err("*bad + 1"), "Cannot access memory at address 0xdead");
    assert_eq!(err("*nul + 1"), "Cannot access memory at address 0x0");
    assert_eq!(
        err("gp[-1] + 0"),
        "Cannot access memory at address 0xfffffffffffc"
    );
    assert_eq!(
        err("gp[4] + 0"),
        "Cannot access memory at address 0x1000000000010"
    );
    // Huge indices wrap like addresses do, and simply fail to read.
    assert!(err("gp[100000000000] + 0").starts_with("Cannot access memory"));
    assert!(err("gp[0x7fffffffffffffff] + 0").starts_with("Cannot access memory"));
    assert!(err("gp[18446744073709551615u] + 0").starts_with("Cannot access memory"));
    assert_eq!(
        err("*i"),
        "Attempt to take contents of a non-pointer value."
    );
    assert_eq!(
        err("*vp"),
        "Attempt to take contents of a non-pointer value."
    );
    assert_eq!(
        err("*1"),
        "Attempt to take contents of a non-pointer value."
    );
    assert_eq!(
        err("*s"),
        "Attempt to take contents of a non-pointer value."
    );
    assert_eq!(err("i[0]"), "Cannot subscript something of type 'int'.");
    assert_eq!(err("1[0]"), "Cannot subscript something of type 'long'.");
    assert_eq!(err("gp[1.5]"), "Array subscript is not an integer.");
}

#[test]
fn taking_addresses() {
    assert_eq!(
        eval("&s"),
        Ok(Evaluated::Pointer {
            pointee: Some(S_T),
            space: AddrSpace::Private,
            addr: PRIVATE_S
        })
    );
    assert_eq!(show("&s.b[1]"), "0x200000008");
    assert_eq!(show("&s.in.c"), "0x200000014");
    assert_eq!(show("&v.y"), "0x100000004");
    assert_eq!(show("*&s.a"), "1");
    assert_eq!(show("&*gp"), "0x1000000000000");
    assert_eq!(show("*(&s.b[0] + 2)"), "2.5");
    assert_eq!(type_name(&eval("&s").unwrap(), &target().debug), "S_t *");
    assert_eq!(
        err("&i"),
        "Attempt to take address of value not located in memory."
    );
    assert_eq!(
        err("&gone"),
        "Attempt to take address of value not located in memory."
    );
    assert_eq!(
        err("&1"),
        "Attempt to take address of value not located in memory."
    );
}

#[test]
fn arrays() {
    assert_eq!(show("*s.b"), "0.5");
    assert_eq!(show("*(s.b + 2)"), "2.5");
    assert_eq!(show("big[299]"), "299");
    assert_eq!(show("big[1] + big[2]"), "3");
    assert_eq!(
        err("s.b[3]"),
        "Index 3 is out of bounds for type 'float [3]'."
    );
    assert_eq!(
        err("s.b[-1]"),
        "Index -1 is out of bounds for type 'float [3]'."
    );
    assert_eq!(
        err("big[18446744073709551615u]"),
        "Index 18446744073709551615 is out of bounds for type 'int [300]'."
    );
}

#[test]
fn vector_lanes() {
    assert_eq!(show("v"), "(1,2.5,-3,4)");
    assert_eq!(show("v[1]"), "2.5");
    assert_eq!(show("v.x"), "1");
    assert_eq!(show("v.w"), "4");
    assert_eq!(show("v.s3"), "4");
    assert_eq!(show("v.S2"), "-3");
    assert_eq!(show("v.lo"), "(1,2.5)");
    assert_eq!(show("v.hi"), "(-3,4)");
    assert_eq!(show("v.even"), "(1,-3)");
    assert_eq!(show("v.odd"), "(2.5,4)");
    assert_eq!(show("v.xy"), "(1,2.5)");
    assert_eq!(show("v.s30"), "(4,1)");
    assert_eq!(show("v.x + v.w"), "5");
    assert_eq!(show("i2.y"), "4");
    assert_eq!(show("i2.lo"), "3");
    assert_eq!(show("i2[1]"), "4");
    assert_eq!(show("f3.z"), "3");
    assert_eq!(show("f3.hi"), "(3,0)");
    assert_eq!(err("v[4]"), "no such vector element");
    assert_eq!(err("v[-1]"), "no such vector element");
    assert_eq!(err("v.sF"), "There is no member named sF.");
    assert_eq!(err("v.q"), "There is no member named q.");
    assert_eq!(err("v.s"), "There is no member named s.");
    assert_eq!(err("f3.w"), "There is no member named w.");
    assert_eq!(show("i2.yx"), "(4,3)");
    assert_eq!(show("v.s0123"), "(1,2.5,-3,4)");
    assert_eq!(err("v.s01234"), "There is no member named s01234.");
    assert_eq!(
        err("v.s01230123"),
        "The kernel has no type float8 for this selection."
    );
}

#[test]
fn syntax_errors() {
    let syntax = |near: &str| format!("A syntax error in expression, near '{near}'.");
    assert_eq!(parse("").unwrap_err().to_string(), syntax(""));
    assert_eq!(parse("1 +").unwrap_err().to_string(), syntax(""));
    assert_eq!(parse("s.").unwrap_err().to_string(), syntax(""));
    assert_eq!(parse("(1").unwrap_err().to_string(), syntax(""));
    assert_eq!(parse("s.b[1").unwrap_err().to_string(), syntax(""));
    assert_eq!(parse("1 2 + 3").unwrap_err().to_string(), syntax("2 + 3"));
    assert_eq!(parse("s.1").unwrap_err().to_string(), syntax(".1"));
    assert_eq!(parse("xyz )").unwrap_err().to_string(), syntax(")"));
    assert_eq!(parse("* / 2").unwrap_err().to_string(), syntax("/ 2"));
    assert_eq!(
        parse("a $ b").unwrap_err().to_string(),
        "Invalid character '$' in expression."
    );
    assert_eq!(parse("a ? b").unwrap_err().to_string(), syntax(""));
    assert_eq!(parse("(int)").unwrap_err().to_string(), syntax(""));
    assert_eq!(
        parse("a é").unwrap_err().to_string(),
        "Invalid character 'é' in expression."
    );
    assert_eq!(
        parse("'a").unwrap_err().to_string(),
        "Unmatched single quote."
    );
    assert_eq!(
        parse("'ab'").unwrap_err().to_string(),
        "Unmatched single quote."
    );
    assert_eq!(
        parse("''").unwrap_err().to_string(),
        "Empty character constant."
    );
    assert_eq!(
        parse("'\\").unwrap_err().to_string(),
        "Unmatched single quote."
    );
    assert_eq!(
        parse("  s . a  ").map(|e| e.to_string()),
        Ok("s . a".into())
    );
}

#[test]
fn lookup_errors() {
    assert_eq!(err("nosuch"), "No symbol \"nosuch\" in current context.");
    assert_eq!(err("gone + 1"), "value has been optimized out");
    assert_eq!(show("gone"), "<optimized out>");
    assert_eq!(
        err("nosuch + 1"),
        "No symbol \"nosuch\" in current context."
    );
}

#[test]
fn conditions() {
    let t = target();
    let cond = |text: &str| {
        parse(text)
            .and_then(|e| truth(&e, &t))
            .map_err(|e| e.to_string())
    };
    assert_eq!(cond("i < 0"), Ok(true));
    assert_eq!(cond("i"), Ok(true));
    assert_eq!(cond("i == -6"), Ok(false));
    assert_eq!(cond("0.0"), Ok(false));
    assert_eq!(cond("gp"), Ok(true));
    assert_eq!(cond("nul"), Ok(false));
    assert_eq!(cond("flag"), Ok(true));
    // Short-circuit: the right side is never read.
    assert_eq!(cond("nul && *nul"), Ok(false));
    assert_eq!(cond("gp || *nul"), Ok(true));
    assert_eq!(cond("gone"), Err("value has been optimized out".into()));
    assert_eq!(
        cond("s"),
        Err("Argument to arithmetic operation not a number or boolean.".into())
    );
}

#[test]
fn addresses_for_watch_and_x() {
    let t = target();
    let at = |text: &str| {
        parse(text)
            .and_then(|e| address_of(&evaluate(&e, &t)?, &t))
            .map_err(|e| e.to_string())
    };
    assert_eq!(at("s.b"), Ok((AddrSpace::Private, PRIVATE_S + 4, 12)));
    assert_eq!(at("s"), Ok((AddrSpace::Private, PRIVATE_S, 24)));
    assert_eq!(at("*gp"), Ok((AddrSpace::Global, GLOBAL_INTS, 4)));
    assert_eq!(at("lp[1]"), Ok((AddrSpace::Local, LOCAL_INTS + 4, 4)));
    assert_eq!(at("*gen"), Ok((AddrSpace::Global, GLOBAL_INTS, 4)));
    assert_eq!(at("v.z"), Ok((AddrSpace::Private, PRIVATE_V + 8, 4)));
    assert_eq!(
        at("i"),
        Err("Attempt to take address of value not located in memory.".into())
    );
    assert_eq!(at("gone"), Err("value has been optimized out".into()));
    assert_eq!(
        at("1"),
        Err("Attempt to take address of value not located in memory.".into())
    );

    let target_of = |text: &str| {
        parse(text)
            .and_then(|e| pointer_target(&evaluate(&e, &t)?, &t))
            .map_err(|e| e.to_string())
    };
    assert_eq!(target_of("gp"), Ok((Some(AddrSpace::Global), GLOBAL_INTS)));
    assert_eq!(target_of("gen"), Ok((Some(AddrSpace::Global), GLOBAL_INTS)));
    assert_eq!(target_of("&s"), Ok((Some(AddrSpace::Private), PRIVATE_S)));
    assert_eq!(
        target_of("s.b"),
        Ok((Some(AddrSpace::Private), PRIVATE_S + 4))
    );
    assert_eq!(target_of("s"), Ok((Some(AddrSpace::Private), PRIVATE_S)));
    assert_eq!(target_of("0x1000"), Ok((None, 0x1000)));
    assert_eq!(
        target_of("1.5"),
        Err("Attempt to take contents of a non-pointer value.".into())
    );
}

#[test]
fn bytes_of_values() {
    let t = target();
    let v = t.lookup("v").unwrap();
    assert_eq!(bytes_of(&v, &t), Ok(floats(&[1.0, 2.5, -3.0, 4.0])));
    let gone = t.lookup("gone").unwrap();
    assert_eq!(
        bytes_of(&gone, &t).map_err(|e| e.to_string()),
        Err("value has been optimized out".into())
    );
}

#[test]
fn type_names() {
    let t = target();
    let name = |text: &str| type_name(&eval(text).unwrap(), &t.debug);
    assert_eq!(name("v"), "float4");
    assert_eq!(name("v.lo"), "float2");
    assert_eq!(name("s"), "S_t");
    assert_eq!(name("1"), "long");
    assert_eq!(name("1u"), "unsigned long");
    assert_eq!(name("1.0"), "double");
    assert_eq!(name("gp + 1"), "int *");
    assert_eq!(name("s.b + 1"), "float *");
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
    assert_eq!(parse(&deep).unwrap_err().to_string(), TOO_COMPLEX);
    assert_eq!(
        parse(&format!("{}1", "-".repeat(10_000)))
            .unwrap_err()
            .to_string(),
        TOO_COMPLEX
    );
    assert_eq!(
        parse(&format!("{}gp", "*".repeat(10_000)))
            .unwrap_err()
            .to_string(),
        TOO_COMPLEX
    );
    let long_chain = format!("1{}", "+1".repeat(100_000));
    assert_eq!(parse(&long_chain).unwrap_err().to_string(), TOO_COMPLEX);
    let deep_index = format!("{}0{}", "gp[".repeat(1000), "]".repeat(1000));
    assert_eq!(parse(&deep_index).unwrap_err().to_string(), TOO_COMPLEX);
    // The largest accepted trees evaluate without trouble.
    let chain = format!("1{}", "+1".repeat(MAX_NODES / 2 - 1));
    assert_eq!(eval(&chain), Ok(Evaluated::Int((MAX_NODES / 2) as i64)));
    let nested = format!("{}1{}", "(".repeat(60), ")".repeat(60));
    assert_eq!(eval(&nested), Ok(Evaluated::Int(1)));
    assert_eq!(eval(&format!("{}1", "-".repeat(60))), Ok(Evaluated::Int(1)));
}

#[test]
fn arbitrary_input_never_panics() {
    // A deterministic shuffle of expression fragments: every result must be Ok or Err.
    let pieces = [
        "s",
        ".",
        "->",
        "[",
        "]",
        "(",
        ")",
        "*",
        "&",
        "-",
        "!",
        "~",
        "+",
        "/",
        "%",
        "<<",
        ">>",
        "<",
        "<=",
        "==",
        "!=",
        "&&",
        "||",
        "^",
        "|",
        "gp",
        "v",
        "0",
        "1",
        "-1",
        "0xffffffffffffffff",
        "1.5",
        "'a'",
        "'",
        "b",
        "in",
        "lo",
        "x",
        "sp",
        "nul",
        "bad",
        "gone",
        "big",
        "1e400",
        "\\",
        " ",
        "i2",
        "f3",
        "s0",
        "un",
    ];
    let t = target();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..20_000 {
        let mut text = String::new();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = seed % 12;
        for k in 0..len {
            let pick = (seed.rotate_left(k as u32 * 5) % pieces.len() as u64) as usize;
            text.push_str(pieces[pick]);
        }
        if let Ok(e) = parse(&text) {
            if let Ok(v) = evaluate(&e, &t) {
                for fmt in ['x', 'd', 'u', 't', 'c', 'f', 'o'] {
                    let fmt = crate::format::parse_format(fmt).unwrap();
                    crate::format::value(&v, fmt, &t);
                }
                let _ = address_of(&v, &t);
                let _ = pointer_target(&v, &t);
            }
            let _ = truth(&e, &t);
        }
    }
}

#[test]
fn half_precision() {
    // The simulator's own widening (oclgrind_core::half), read by size.
    assert_eq!(float_from_bits(0x3c00, 2), Ok(1.0));
    assert_eq!(float_from_bits(0xc000, 2), Ok(-2.0));
    assert_eq!(float_from_bits(0x0001, 2), Ok(2f64.powi(-24)));
    assert_eq!(float_from_bits(0x7c00, 2), Ok(f64::INFINITY));
    assert!(float_from_bits(0x7e00, 2).is_ok_and(f64::is_nan));
    assert!(float_from_bits(0x8000, 2).is_ok_and(|z| z == 0.0 && z.is_sign_negative()));
}

/// The bytes `value` takes when assigned to the variable `to` (its type).
fn assigned(to: &str, value: &str) -> Result<Vec<u8>, String> {
    let t = target();
    let Ok(Evaluated::Typed(dest)) = eval(to) else {
        panic!("{to} is not a variable");
    };
    let v = eval(value)?;
    encode(&v, dest.ty, &t).map_err(|e| e.to_string())
}

#[test]
fn assignment_converts_as_c_does() {
    assert_eq!(assigned("i", "-2"), Ok((-2i32).to_le_bytes().to_vec()));
    assert_eq!(assigned("i", "3.9"), Ok(3i32.to_le_bytes().to_vec()));
    assert_eq!(assigned("i", "0x100000001"), Ok(vec![1, 0, 0, 0]));
    assert_eq!(assigned("uc", "-1"), Ok(vec![255]));
    assert_eq!(assigned("f", "i"), Ok((-7.0f32).to_le_bytes().to_vec()));
    assert_eq!(assigned("d", "1"), Ok(1.0f64.to_le_bytes().to_vec()));
    assert_eq!(assigned("h", "1.5"), Ok(0x3e00u16.to_le_bytes().to_vec()));
    assert_eq!(assigned("flag", "7"), Ok(vec![1]));
    assert_eq!(assigned("gp", "0"), Ok(vec![0; 8]));
    assert_eq!(
        assigned("gp", "gp + 1"),
        Ok((GLOBAL_INTS + 4).to_le_bytes().to_vec())
    );
    // A scalar goes to every lane (a 3-lane vector takes the room of 4).
    assert_eq!(assigned("i2", "5"), Ok(words(&[5, 5])));
    assert_eq!(
        assigned("f3", "2"),
        Ok([floats(&[2.0, 2.0, 2.0]), vec![0; 4]].concat())
    );
    // Aggregates only from their own type.
    let s = eval("s").map(|v| match v {
        Evaluated::Typed(v) => bytes_of(&v, &target()).map_err(|e| e.to_string()),
        _ => Err("s".into()),
    });
    assert_eq!(assigned("s", "s"), s.and_then(|b| b));
    assert_eq!(assigned("s", "1"), Err("Invalid cast.".into()));
    assert_eq!(assigned("i2", "v"), Err("Invalid cast.".into()));
    assert_eq!(
        assigned("i", "nosuch"),
        Err("No symbol \"nosuch\" in current context.".into())
    );
}
