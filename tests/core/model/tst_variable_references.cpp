// Why a model variable has no value, explained in linear time: 100,000 variables
// each using the next one, defined in reverse order, took more than 300 s to
// validate (every failure searched the whole chain again); now each is named
// with the later variable it uses. A cycle is named with its path, shortened in
// the middle when long, and the same for all its members; a variable using
// itself is a cycle of one.

#include <QtTest>
#include <string>

#include "model/parameter_evaluator.h"
#include "model/variable_references.h"

using namespace kelvin::core;

namespace {

/// v0 = v1 + 1, v1 = v2 + 1, ..., v(n-2) = v(n-1) + 1, and v(n-1) = `last`.
Model chain(int n, const std::string& last) {
  Model model;
  for (int i = 0; i + 1 < n; ++i)
    model.variables.push_back(Variable{"v" + std::to_string(i), "v" + std::to_string(i + 1) + " + 1", {}});
  model.variables.push_back(Variable{"v" + std::to_string(n - 1), last, {}});
  return model;
}

}  // namespace

class TestVariableReferences : public QObject {
  Q_OBJECT

 private slots:
  void longReversedChainNamesEachLaterVariable() {
    const int n = 100000;
    const Model model = chain(n, "1");
    std::vector<Diagnostic> problems;
    const ParameterScope scope = evaluateModelVariables(model, "m.kelvin", &problems);
    QCOMPARE(problems.size(), std::size_t(n - 1));  // all but the last, which is a number
    QCOMPARE(problems.front().message, std::string("variable v0: it uses v1, which is defined after it; move v1 up"));
    QCOMPARE(problems.back().message,
             std::string("variable v99998: it uses v99999, which is defined after it; move v99999 up"));
    QCOMPARE(scope.find("v99999").value_or(0.0), 1.0);
  }

  void longCycleIsShortenedAndReadFromEachMember() {
    const int n = 100000;
    const Model model = chain(n, "v0 * 2");
    std::vector<Diagnostic> problems;
    evaluateModelVariables(model, "m.kelvin", &problems);
    QCOMPARE(problems.size(), std::size_t(n));
    QCOMPARE(problems.front().message,
             std::string("variable v0: a cycle among variables: v0 → v1 → v2 → v3 → v4 → v5 → v6 → v7 → v8 → v9 → … "
                         "→ v99999 → v0 (100000 variables)"));
    QCOMPARE(problems.back().message,
             std::string("variable v99999: a cycle among variables: v99999 → v0 → v1 → v2 → v3 → v4 → v5 → v6 → v7 → "
                         "v8 → … → v99998 → v99999 (100000 variables)"));
  }

  void shortCycleIsNamedInFull() {
    Model model;
    model.variables = {Variable{"x", "1", {}}, Variable{"a", "b + x", {}}, Variable{"b", "c", {}},
                       Variable{"c", "a", {}}};
    VariableReferences references(model.variables);
    QCOMPARE(references.explain(1), std::string("a cycle among variables: a → b → c → a"));
    QCOMPARE(references.explain(2), std::string("a cycle among variables: b → c → a → b"));
    QCOMPARE(references.explain(0), std::string());  // x uses nothing
  }

  void variableUsingItselfIsACycleOfOne() {
    Model model;
    model.variables = {Variable{"a", "a + 1", {}}, Variable{"b", "a", {}}};
    VariableReferences references(model.variables);
    QCOMPARE(references.explain(0), std::string("a cycle among variables: a → a"));
    QCOMPARE(references.explain(1), std::string());  // b uses a, defined before it: not b's fault
  }
};

QTEST_APPLESS_MAIN(TestVariableReferences)
#include "tst_variable_references.moc"
