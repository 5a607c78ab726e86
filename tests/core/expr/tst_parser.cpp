// The expression parser and SI numbers: literals with prefixes, precedence
// and associativity, functions, relations, name resolution, and error
// messages with their positions. Values are checked through constant
// folding: an expression without unknowns parses to a single Constant node.

#include <QtTest>
#include <cmath>
#include <numbers>

#include "expr/expr.h"
#include "expr/parser.h"
#include "expr/si_number.h"

using namespace kelvin::core;

class TestParser : public QObject {
  Q_OBJECT

 private slots:
  void siNumber_data();
  void siNumber();
  void siNumberRejects_data();
  void siNumberRejects();
  void constantValue_data();
  void constantValue();
  void foldsToOneConstantNode();
  void unknownsBuildTheSameNodes();
  void resolverComesBeforeBuiltIns();
  void errors_data();
  void errors();
  void deepNestingIsAnError();
};

// Relative tolerance for values computed in double precision by two routes
// (a few rounding steps each): far above 1e-16, far below any real error.
static bool close(double actual, double expected) {
  return std::abs(actual - expected) <= 1e-12 * std::max(1.0, std::abs(expected));
}

void TestParser::siNumber_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<double>("expected");
  QTest::newRow("kilo") << "10k" << 10e3;
  QTest::newRow("nano") << "2.2n" << 2.2e-9;
  QTest::newRow("exponent") << "1e-3" << 1e-3;
  QTest::newRow("meg") << "1meg" << 1e6;
  QTest::newRow("Meg") << "1Meg" << 1e6;
  QTest::newRow("M is mega") << "1M" << 1e6;
  QTest::newRow("u") << "4.7u" << 4.7e-6;
  QTest::newRow("micro sign") << "4.7µ" << 4.7e-6;
  QTest::newRow("greek mu") << QString::fromUtf8("4.7\u03bc") << 4.7e-6;
  QTest::newRow("milli") << "100m" << 0.1;
  QTest::newRow("femto") << "3f" << 3e-15;
  QTest::newRow("pico") << "5p" << 5e-12;
  QTest::newRow("giga") << "2G" << 2e9;
  QTest::newRow("tera") << "1T" << 1e12;
  QTest::newRow("plain") << "42" << 42.0;
  QTest::newRow("leading point") << ".5m" << 0.5e-3;
  QTest::newRow("exponent and prefix") << "1.5e3k" << 1.5e6;
  QTest::newRow("negative") << "-5k" << -5e3;
  QTest::newRow("plus sign") << "+2" << 2.0;
  QTest::newRow("blanks around") << "  7u " << 7e-6;
}

void TestParser::siNumber() {
  QFETCH(QString, text);
  QFETCH(double, expected);
  const std::optional<double> value = parseSiNumber(text.toStdString());
  QVERIFY(value.has_value());
  QVERIFY2(close(*value, expected), qPrintable(QString::number(*value, 'g', 17)));
}

void TestParser::siNumberRejects_data() {
  QTest::addColumn<QString>("text");
  QTest::newRow("empty") << "";
  QTest::newRow("prefix alone") << "k";
  QTest::newRow("unknown suffix") << "10x";
  QTest::newRow("prefix then letter") << "10kx";
  QTest::newRow("blank before prefix") << "10 k";
  QTest::newRow("incomplete exponent") << "1e";
  QTest::newRow("double prefix") << "1kk";
  QTest::newRow("double sign") << "--1";
  QTest::newRow("nan") << "nan";
  QTest::newRow("inf") << "inf";
  QTest::newRow("decimal comma") << "1,5";
  QTest::newRow("expression") << "2*3";
}

void TestParser::siNumberRejects() {
  QFETCH(QString, text);
  QVERIFY(!parseSiNumber(text.toStdString()).has_value());
}

void TestParser::constantValue_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<double>("expected");
  const double pi = std::numbers::pi;
  QTest::newRow("2*pi*50") << "2*pi*50" << 2 * pi * 50;
  QTest::newRow("product before sum") << "1+2*3" << 7.0;
  QTest::newRow("parentheses") << "(1+2)*3" << 9.0;
  QTest::newRow("minus is left-assoc") << "1-2-3" << -4.0;
  QTest::newRow("divide is left-assoc") << "8/4/2" << 1.0;
  QTest::newRow("power is right-assoc") << "2^3^2" << 512.0;
  QTest::newRow("power before unary minus") << "-2^2" << -4.0;
  QTest::newRow("negative exponent") << "2^-1" << 0.5;
  QTest::newRow("double negation") << "--3" << 3.0;
  QTest::newRow("unary plus") << "+3" << 3.0;
  QTest::newRow("SI literal in expression") << "10k/2" << 5e3;
  QTest::newRow("SI literals multiplied") << "1k*1n" << 1e-6;
  QTest::newRow("meg in expression") << "2meg+1" << 2e6 + 1;
  QTest::newRow("blanks") << "  1 +  2 " << 3.0;
  QTest::newRow("e") << "e" << std::numbers::e;
  QTest::newRow("exp") << "exp(1)" << std::numbers::e;
  QTest::newRow("log") << "log(e^2)" << 2.0;
  QTest::newRow("sin") << "sin(pi/2)" << 1.0;
  QTest::newRow("cos") << "cos(0)" << 1.0;
  QTest::newRow("tan") << "tan(pi/4)" << std::tan(pi / 4);
  QTest::newRow("atan") << "4*atan(1)" << pi;
  QTest::newRow("tanh") << "tanh(0.5)" << std::tanh(0.5);
  QTest::newRow("sqrt") << "sqrt(16)" << 4.0;
  QTest::newRow("abs") << "abs(-3)" << 3.0;
  QTest::newRow("min") << "min(3, 4)" << 3.0;
  QTest::newRow("max") << "max(3, 4)" << 4.0;
  QTest::newRow("pow") << "pow(2, 10)" << 1024.0;
  QTest::newRow("limexp below knee") << "limexp(1)" << std::numbers::e;
  QTest::newRow("limexp above knee") << "limexp(51)" << std::exp(kLimExpKnee) * 2.0;
  QTest::newRow("less true") << "1 < 2" << 1.0;
  QTest::newRow("less equal") << "2 <= 2" << 1.0;
  QTest::newRow("greater false") << "3 > 4" << 0.0;
  QTest::newRow("greater equal") << "3 >= 4" << 0.0;
  QTest::newRow("relation binds loosest") << "1 + 2 < 2 * 2" << 1.0;
  QTest::newRow("if true") << "if(1 < 2, 10, 20)" << 10.0;
  QTest::newRow("if false") << "if(3 >= 4, 1, 2)" << 2.0;
  QTest::newRow("nested calls") << "max(min(1, 2), sqrt(9))" << 3.0;
}

void TestParser::constantValue() {
  QFETCH(QString, text);
  QFETCH(double, expected);
  ExprPool pool;
  const Expr e = parseExpression(text.toStdString(), pool, {});
  QVERIFY(e.isConstant());
  QVERIFY2(close(e.constantValue(), expected), qPrintable(QString::number(e.constantValue(), 'g', 17)));
}

void TestParser::foldsToOneConstantNode() {
  ExprPool pool;
  const Expr e = parseExpression("2*pi*50", pool, {});
  QCOMPARE(e.node().op, Op::Constant);
  QVERIFY(close(e.constantValue(), 100 * std::numbers::pi));
}

void TestParser::unknownsBuildTheSameNodes() {
  // Hash-consing: the parser's node for a text is the one the operators of
  // expr.h make for the same formula, so comparing handles compares structure.
  ExprPool pool;
  const Expr x = pool.variable(0);
  const Expr y = pool.variable(1);
  const Expr a = pool.constant(2.0);
  const NameResolver resolve = [&](std::string_view name) -> std::optional<Expr> {
    if (name == "x") return x;
    if (name == "y") return y;
    if (name == "a") return a;
    return std::nullopt;
  };
  auto parse = [&](const char* text) { return parseExpression(text, pool, resolve); };
  QVERIFY(parse("a*x + 1") == a * x + 1.0);
  QVERIFY(parse("x - y") == x - y);
  QVERIFY(parse("x / y") == x / y);
  QVERIFY(parse("-x") == -x);
  QVERIFY(parse("x^2") == pow(x, 2.0));
  QVERIFY(parse("x*y^2") == x * pow(y, 2.0));
  QVERIFY(parse("sin(x)*cos(y)") == sin(x) * cos(y));
  QVERIFY(parse("min(x, y) + max(x, y)") == min(x, y) + max(x, y));
  QVERIFY(parse("limexp(x)") == limexp(x));
  QVERIFY(parse("x < y") == less(x, y));
  QVERIFY(parse("x <= y") == lessEqual(x, y));
  QVERIFY(parse("x > y") == greater(x, y));
  QVERIFY(parse("x >= y") == greaterEqual(x, y));
  QVERIFY(parse("if(x > 0, x, -x)") == ifThenElse(greater(x, pool.constant(0.0)), x, -x));
  QVERIFY(!parse("x + 1").isConstant());
}

void TestParser::resolverComesBeforeBuiltIns() {
  ExprPool pool;
  const NameResolver resolve = [&](std::string_view name) -> std::optional<Expr> {
    if (name == "e") return pool.constant(1.5);
    return std::nullopt;
  };
  const Expr withOwnE = parseExpression("2*e", pool, resolve);
  QVERIFY(withOwnE.isConstant());
  QCOMPARE(withOwnE.constantValue(), 3.0);
  const Expr builtInPi = parseExpression("pi", pool, resolve);
  QVERIFY(close(builtInPi.constantValue(), std::numbers::pi));
}

void TestParser::errors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("message");
  QTest::addColumn<int>("position");
  QTest::newRow("extra parenthesis") << "(1+2))"
                                     << "unexpected ')' at 5" << 5;
  QTest::newRow("missing operand") << "1 +"
                                   << "unexpected end of expression at 3" << 3;
  QTest::newRow("empty") << ""
                         << "empty expression" << 0;
  QTest::newRow("blank") << "   "
                         << "empty expression" << 0;
  QTest::newRow("unknown name") << "foo + 1"
                                << "unknown name 'foo'" << 0;
  QTest::newRow("unknown name later") << "2*bar"
                                      << "unknown name 'bar'" << 2;
  QTest::newRow("unknown function") << "frob(1)"
                                    << "unknown function 'frob'" << 0;
  QTest::newRow("too many arguments") << "sin(1, 2)"
                                      << "sin() takes 1 argument, got 2" << 0;
  QTest::newRow("too few arguments") << "1 + max(1)"
                                     << "max() takes 2 arguments, got 1" << 4;
  QTest::newRow("if needs three") << "if(1, 2)"
                                  << "if() takes 3 arguments, got 2" << 0;
  QTest::newRow("unclosed parenthesis") << "(1+2"
                                        << "expected ')' at 4, found end of expression" << 4;
  QTest::newRow("arguments not separated") << "min(1 2)"
                                           << "expected ',' or ')' at 6, found '2'" << 6;
  QTest::newRow("bad character") << "1 # 2"
                                 << "unexpected character '#' at 2" << 2;
  QTest::newRow("non-ASCII character") << "1 + Ω"
                                       << "unexpected character 'Ω' at 4" << 4;
  QTest::newRow("suffix that is no prefix") << "10x"
                                            << "unexpected 'x' at 2" << 2;
  QTest::newRow("unit glued to prefix") << "10kOhm"
                                        << "unexpected 'kOhm' at 2" << 2;
  QTest::newRow("chained relation") << "1 < 2 < 3"
                                    << "unexpected '<' at 6" << 6;
  QTest::newRow("two numbers") << "2 3"
                               << "unexpected '3' at 2" << 2;
  QTest::newRow("leading operator") << "*2"
                                    << "unexpected '*' at 0" << 0;
  QTest::newRow("incomplete exponent") << "1e"
                                       << "unexpected 'e' at 1" << 1;
  QTest::newRow("empty parentheses") << "()"
                                     << "unexpected ')' at 1" << 1;
}

void TestParser::errors() {
  QFETCH(QString, text);
  QFETCH(QString, message);
  QFETCH(int, position);
  ExprPool pool;
  try {
    parseExpression(text.toStdString(), pool, {});
    QFAIL("no ParseError");
  } catch (const ParseError& e) {
    QCOMPARE(QString::fromStdString(e.what()), message);
    QCOMPARE(static_cast<int>(e.position()), position);
  }
}

void TestParser::deepNestingIsAnError() {
  // A pathological text must be rejected, not overflow the stack.
  const std::string text = std::string(100000, '(') + "1" + std::string(100000, ')');
  ExprPool pool;
  try {
    parseExpression(text, pool, {});
    QFAIL("no ParseError");
  } catch (const ParseError& e) {
    QVERIFY(std::string(e.what()).starts_with("expression nested too deeply"));
  }
  QVERIFY(parseExpression(std::string(50, '(') + "1" + std::string(50, ')'), pool, {}).isConstant());
}

QTEST_APPLESS_MAIN(TestParser)
#include "tst_parser.moc"
