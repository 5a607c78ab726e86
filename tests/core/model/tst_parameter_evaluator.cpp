// Parameter texts to values: SI prefixes, units (separated or glued, aliases,
// degrees), names from nested scopes, vectors and matrices, the model's
// variables, and the messages of texts that do not evaluate.

#include <QtTest>
#include <cmath>
#include <numbers>

#include "model/parameter_evaluator.h"

using namespace kelvin::core;

class TestParameterEvaluator : public QObject {
  Q_OBJECT

 private slots:
  void number_data();
  void number();
  void numberErrors_data();
  void numberErrors();
  void vector_data();
  void vector();
  void vectorErrors_data();
  void vectorErrors();
  void matrix_data();
  void matrix();
  void matrixErrors_data();
  void matrixErrors();
  void scopesNest();
  void modelVariablesInOrder();
  void modelVariableErrors_data();
  void modelVariableErrors();
  void modelVariableProblemsAreCollected();
  void variableCycleIsNamedAsACycle();
};

namespace {

// Values computed by two routes differ by a few roundings at most.
bool close(double actual, double expected) {
  return std::abs(actual - expected) <= 1e-12 * std::max(1.0, std::abs(expected));
}

/// f0 = 50, a = 2, b = 3: names the texts below use.
ParameterScope testScope() {
  ParameterScope scope;
  scope.set("f0", 50.0);
  scope.set("a", 2.0);
  scope.set("b", 3.0);
  return scope;
}

QString errorOf(const std::function<void()>& evaluate) {
  try {
    evaluate();
  } catch (const ParameterError& e) {
    return QString::fromStdString(e.what());
  }
  return "(no error)";
}

}  // namespace

void TestParameterEvaluator::number_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("unit");
  QTest::addColumn<double>("expected");
  const double pi = std::numbers::pi;
  QTest::newRow("prefix") << "10k"
                          << "" << 10e3;
  QTest::newRow("expression with a name") << "2*pi*f0"
                                          << "Hz" << 2 * pi * 50;
  QTest::newRow("blanks around") << "  7 "
                                 << "" << 7.0;
  QTest::newRow("separated prefixed unit") << "1 kOhm"
                                           << "Ohm" << 1e3;
  QTest::newRow("alias of declared Ω") << "1 kOhm"
                                       << "Ω" << 1e3;
  QTest::newRow("glued prefixed unit") << "10kOhm"
                                       << "Ohm" << 10e3;
  QTest::newRow("glued Ω") << "10kΩ"
                           << "Ω" << 10e3;
  QTest::newRow("ohm lowercase") << "100 ohm"
                                 << "Ohm" << 100.0;
  QTest::newRow("unit without prefix") << "4.7 Ohm"
                                       << "Ohm" << 4.7;
  QTest::newRow("nF glued") << "1nF"
                            << "F" << 1e-9;
  QTest::newRow("nF separated") << "1 nF"
                                << "F" << 1e-9;
  QTest::newRow("micro sign glued") << "2.2µF"
                                    << "F" << 2.2e-6;
  QTest::newRow("unit glued to digit") << "5V"
                                       << "V" << 5.0;
  QTest::newRow("negative with unit") << "-5 V"
                                      << "V" << -5.0;
  QTest::newRow("milliampere") << "3 mA"
                               << "A" << 3e-3;
  QTest::newRow("exponent with unit") << "1e-3 F"
                                      << "F" << 1e-3;
  QTest::newRow("meg glued before unit") << "1megOhm"
                                         << "Ohm" << 1e6;
  QTest::newRow("metre separated") << "10 m"
                                   << "m" << 10.0;
  QTest::newRow("m glued is milli") << "10m"
                                    << "m" << 10e-3;
  QTest::newRow("millimetre glued") << "10mm"
                                    << "m" << 10e-3;
  QTest::newRow("kilometre separated") << "5 km"
                                       << "m" << 5e3;
  QTest::newRow("kelvin is no prefix") << "300K"
                                       << "K" << 300.0;
  QTest::newRow("millisecond glued") << "1ms"
                                     << "s" << 1e-3;
  QTest::newRow("sec") << "2 sec"
                       << "s" << 2.0;
  QTest::newRow("expression then unit") << "2*pi ms"
                                        << "s" << 2 * pi * 1e-3;
  QTest::newRow("degrees separated") << "90 deg"
                                     << "rad" << pi / 2;
  QTest::newRow("degrees glued") << "180deg"
                                 << "rad" << pi;
  QTest::newRow("radians") << "1 rad"
                           << "rad" << 1.0;
  QTest::newRow("rpm") << "60 rpm"
                       << "rad/s" << 2 * pi;
  QTest::newRow("power unit") << "2 m^2"
                              << "m^2" << 2.0;
  QTest::newRow("names from the scope") << "a*b + f0/2"
                                        << "" << 31.0;
  QTest::newRow("if and relation") << "if(a > b, 1, 2)"
                                   << "" << 2.0;
}

void TestParameterEvaluator::number() {
  QFETCH(QString, text);
  QFETCH(QString, unit);
  QFETCH(double, expected);
  const ParameterScope scope = testScope();
  const double value = evaluateNumber(text.toStdString(), unit.toStdString(), scope);
  QVERIFY2(close(value, expected), qPrintable(QString::number(value, 'g', 17)));
}

void TestParameterEvaluator::numberErrors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("unit");
  QTest::addColumn<QString>("message");
  QTest::newRow("wrong unit") << "1 kV"
                              << "Ohm"
                              << "\"1 kV\": unknown unit 'kV' at 2 (expected Ohm)";
  QTest::newRow("glued wrong unit") << "10kV"
                                    << "Ohm"
                                    << "\"10kV\": unknown unit 'kV' at 2 (expected Ohm)";
  QTest::newRow("unit on a dimensionless") << "10 Ohm"
                                           << ""
                                           << "\"10 Ohm\": unknown unit 'Ohm' at 3 (the parameter has no unit)";
  QTest::newRow("deg only for rad") << "90 deg"
                                    << ""
                                    << "\"90 deg\": unknown unit 'deg' at 3 (the parameter has no unit)";
  QTest::newRow("prefix on a power unit") << "1 mm^2"
                                          << "m^2"
                                          << "\"1 mm^2\": unknown unit 'mm^2' at 2 (expected m^2)";
  QTest::newRow("unknown name") << "foo"
                                << ""
                                << "\"foo\": unknown name 'foo'";
  QTest::newRow("unknown name is no unit") << "2*y"
                                           << "Ohm"
                                           << "\"2*y\": unknown name 'y'";
  QTest::newRow("name glued to unit") << "x1F"
                                      << "F"
                                      << "\"x1F\": unknown name 'x1F'";
  QTest::newRow("syntax") << "(1"
                          << ""
                          << "\"(1\": expected ')' at 2, found end of expression";
  QTest::newRow("operator before unit") << "1 * Ohm"
                                        << "Ohm"
                                        << "\"1 * Ohm\": unknown name 'Ohm'";
  QTest::newRow("division by zero") << "1/0"
                                    << ""
                                    << "\"1/0\": the value is infinite";
  QTest::newRow("log of negative") << "log(-1)"
                                   << ""
                                   << "\"log(-1)\": the value is not a number";
  QTest::newRow("empty") << ""
                         << "Ohm"
                         << "\"\": empty value";
}

void TestParameterEvaluator::numberErrors() {
  QFETCH(QString, text);
  QFETCH(QString, unit);
  QFETCH(QString, message);
  const ParameterScope scope = testScope();
  QCOMPARE(errorOf([&] { evaluateNumber(text.toStdString(), unit.toStdString(), scope); }), message);
}

void TestParameterEvaluator::vector_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QList<double>>("expected");
  QTest::newRow("brackets and blanks") << "[1 2 3]" << QList<double>{1, 2, 3};
  QTest::newRow("commas, no brackets") << "1, 2, 3" << QList<double>{1, 2, 3};
  QTest::newRow("brackets and commas") << "[1, 0.1]" << QList<double>{1, 0.1};
  QTest::newRow("single") << "5" << QList<double>{5};
  QTest::newRow("blank before sign separates") << "[1 -2]" << QList<double>{1, -2};
  QTest::newRow("blanks around operator do not") << "[1 - 2]" << QList<double>{-1};
  QTest::newRow("expressions") << "[a -b 2*a]" << QList<double>{2, -3, 4};
  QTest::newRow("SI prefixes") << "[1k 2m]" << QList<double>{1e3, 2e-3};
  QTest::newRow("commas inside calls") << "[sin(0) max(1, 2)]" << QList<double>{0, 2};
  QTest::newRow("blanks inside parentheses") << "[(1 + 2) 3]" << QList<double>{3, 3};
  QTest::newRow("column") << "[1; 2; 3]" << QList<double>{1, 2, 3};
  QTest::newRow("padding") << "  [ 1   2 ] " << QList<double>{1, 2};
  QTest::newRow("empty") << "[]" << QList<double>{};
}

void TestParameterEvaluator::vector() {
  QFETCH(QString, text);
  QFETCH(QList<double>, expected);
  const ParameterScope scope = testScope();
  const std::vector<double> value = evaluateVector(text.toStdString(), scope);
  QCOMPARE(QList<double>(value.begin(), value.end()), expected);
}

void TestParameterEvaluator::vectorErrors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("message");
  QTest::newRow("unclosed") << "[1 2"
                            << "\"[1 2\": missing ']'";
  QTest::newRow("nested") << "[[1 2]]"
                          << "\"[[1 2]]\": unexpected '['";
  QTest::newRow("empty entry") << "[1,,2]"
                               << "\"[1,,2]\": empty entry";
  QTest::newRow("trailing comma") << "[1, 2,]"
                                  << "\"[1, 2,]\": empty entry";
  QTest::newRow("matrix") << "[1 2; 3 4]"
                          << "\"[1 2; 3 4]\": expected a vector, found a 2x2 matrix";
  QTest::newRow("bad entry") << "[1 x 3]"
                             << "\"[1 x 3]\": entry \"x\": unknown name 'x'";
  QTest::newRow("infinite entry") << "[1 1/0]"
                                  << "\"[1 1/0]\": entry \"1/0\": the value is infinite";
}

void TestParameterEvaluator::vectorErrors() {
  QFETCH(QString, text);
  QFETCH(QString, message);
  const ParameterScope scope = testScope();
  QCOMPARE(errorOf([&] { evaluateVector(text.toStdString(), scope); }), message);
}

void TestParameterEvaluator::matrix_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<int>("rows");
  QTest::addColumn<QList<double>>("entries");  // row by row
  QTest::newRow("2x2") << "[1 2; 3 4]" << 2 << QList<double>{1, 2, 3, 4};
  QTest::newRow("commas") << "[1, 2; 3, 4]" << 2 << QList<double>{1, 2, 3, 4};
  QTest::newRow("row") << "[1 2 3]" << 1 << QList<double>{1, 2, 3};
  QTest::newRow("column") << "[1; 2]" << 2 << QList<double>{1, 2};
  QTest::newRow("scalar") << "[a]" << 1 << QList<double>{2};
  QTest::newRow("expressions") << "[a 0; -b a*b]" << 2 << QList<double>{2, 0, -3, 6};
  QTest::newRow("empty") << "[]" << 0 << QList<double>{};
}

void TestParameterEvaluator::matrix() {
  QFETCH(QString, text);
  QFETCH(int, rows);
  QFETCH(QList<double>, entries);
  const ParameterScope scope = testScope();
  const std::vector<std::vector<double>> value = evaluateMatrix(text.toStdString(), scope);
  QCOMPARE(static_cast<int>(value.size()), rows);
  QList<double> flat;
  for (const std::vector<double>& row : value) flat.append(QList<double>(row.begin(), row.end()));
  QCOMPARE(flat, entries);
}

void TestParameterEvaluator::matrixErrors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("message");
  QTest::newRow("ragged") << "[1 2; 3]"
                          << "\"[1 2; 3]\": row 2 has 1 entries, row 1 has 2";
  QTest::newRow("empty row") << "[1 2;]"
                             << "\"[1 2;]\": row 2 is empty";
  QTest::newRow("bad entry") << "[1 2; 3 (]"
                             << "\"[1 2; 3 (]\": entry \"(\": unexpected end of expression at 1";
}

void TestParameterEvaluator::matrixErrors() {
  QFETCH(QString, text);
  QFETCH(QString, message);
  const ParameterScope scope = testScope();
  QCOMPARE(errorOf([&] { evaluateMatrix(text.toStdString(), scope); }), message);
}

void TestParameterEvaluator::scopesNest() {
  ParameterScope model;
  model.set("R0", 1e3);
  model.set("k", 2.0);
  ParameterScope subsystem(&model);
  subsystem.set("k", 5.0);  // shadows the model's k inside the subsystem
  QCOMPARE(subsystem.find("R0").value_or(-1), 1e3);
  QCOMPARE(subsystem.find("k").value_or(-1), 5.0);
  QCOMPARE(model.find("k").value_or(-1), 2.0);
  QVERIFY(!subsystem.find("missing").has_value());
  QCOMPARE(subsystem.parent(), &model);
  QCOMPARE(evaluateNumber("k*R0", "Ohm", subsystem), 5e3);
  QCOMPARE(evaluateNumber("k*R0", "Ohm", model), 2e3);
}

void TestParameterEvaluator::modelVariablesInOrder() {
  Model model;
  model.variables = {{"f0", "50"}, {"w0", "2*pi*f0"}, {"R0", "1k"}, {"C0", "1/(w0*R0)"}};
  const ParameterScope scope = evaluateModelVariables(model);
  QCOMPARE(scope.find("f0").value_or(-1), 50.0);
  QVERIFY(close(scope.find("w0").value_or(-1), 100 * std::numbers::pi));
  QVERIFY(close(scope.find("C0").value_or(-1), 1.0 / (100 * std::numbers::pi * 1e3)));
  QVERIFY(scope.parent() == nullptr);
}

void TestParameterEvaluator::modelVariableErrors_data() {
  QTest::addColumn<QString>("name");
  QTest::addColumn<QString>("value");
  QTest::addColumn<QString>("message");
  QTest::newRow("bad value") << "g"
                             << "1x+"
                             << "variable g: \"1x+\": unexpected 'x' at 1";
  QTest::newRow("later variable used") << "g"
                                       << "h*2"
                                       << "variable g: it uses h, which is defined after it; move h up";
  QTest::newRow("refers to itself") << "g"
                                    << "g + 1"
                                    << "variable g: a cycle among variables: g → g";
  QTest::newRow("not a name") << "2g"
                              << "1"
                              << "variable name '2g' is not a name (letters, digits, '_')";
  QTest::newRow("defined twice") << "f0"
                                 << "1"
                                 << "variable 'f0' is defined twice";
}

void TestParameterEvaluator::modelVariableErrors() {
  QFETCH(QString, name);
  QFETCH(QString, value);
  QFETCH(QString, message);
  Model model;
  model.variables = {{"f0", "50"}, {name.toStdString(), value.toStdString()}, {"h", "1"}};
  try {
    evaluateModelVariables(model, "m.kelvin");
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().size(), std::size_t{1});
    QCOMPARE(e.diagnostics().front().file, std::string("m.kelvin"));
    QCOMPARE(QString::fromStdString(e.diagnostics().front().message), message);
  }
}

void TestParameterEvaluator::variableCycleIsNamedAsACycle() {
  Model model;
  model.variables = {{"a", "b + 1"}, {"b", "2*c"}, {"c", "a/3"}};
  std::vector<Diagnostic> problems;
  evaluateModelVariables(model, "m.kelvin", &problems);
  QCOMPARE(problems.size(), std::size_t{3});
  QCOMPARE(problems[0].message, std::string("variable a: a cycle among variables: a → b → c → a"));
  QCOMPARE(problems[1].message, std::string("variable b: a cycle among variables: b → c → a → b"));
  QCOMPARE(problems[2].message, std::string("variable c: a cycle among variables: c → a → b → c"));
}

void TestParameterEvaluator::modelVariableProblemsAreCollected() {
  Model model;
  model.variables = {{"a", "oops"}, {"b", "2"}, {"c", "1/0"}, {"d", "b*3"}};
  std::vector<Diagnostic> problems;
  const ParameterScope scope = evaluateModelVariables(model, "m.kelvin", &problems);
  QCOMPARE(problems.size(), std::size_t{2});
  QVERIFY(problems[0].message.starts_with("variable a:"));
  QVERIFY(problems[1].message.starts_with("variable c:"));
  QVERIFY(!scope.find("a").has_value());
  QCOMPARE(scope.find("d").value_or(-1), 6.0);
}

QTEST_APPLESS_MAIN(TestParameterEvaluator)
#include "tst_parameter_evaluator.moc"
