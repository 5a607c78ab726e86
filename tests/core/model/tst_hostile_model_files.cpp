// Files built to break the reader: nesting far deeper than any call stack
// (JSON arrays under an unknown key, subsystems inside subsystems) and numbers
// beyond a double. Each is refused with a ModelError that says where and why,
// never a crash; nesting up to the stated limits still loads.

#include <QtTest>
#include <string>

#include "model/model_file.h"
#include "support/hostile_models.h"

using namespace kelvin::core;
using kelvin::test::nestedSubsystems;

namespace {

const std::string kHeader = R"({"format": "kelvin-model", "version": 1, )";

/// The message of the ModelError parsing `text` throws ("" when it loads).
std::string errorOf(const std::string& text) {
  try {
    parseModel(text, "hostile.kelvin");
  } catch (const ModelError& e) {
    return e.diagnostics().front().message;
  }
  return "";
}

}  // namespace

class TestHostileModelFiles : public QObject {
  Q_OBJECT

 private slots:
  void deepArrayUnderUnknownKeyIsRefused();
  void bracketsInsideStringsDoNotCount();
  void deepSubsystemNestIsRefused();
  void subsystemsJustBelowTheLimitLoad();
  void subsystemsJustAboveTheLimitAreRefused();
  void numberBeyondDoubleNamesTheKey();
};

void TestHostileModelFiles::deepArrayUnderUnknownKeyIsRefused() {
  const int depth = 300000;
  const std::string text = kHeader + R"("future": )" + std::string(depth, '[') + std::string(depth, ']') + "}";
  const std::string message = errorOf(text);
  QVERIFY2(message.starts_with("JSON nested too deeply at line 1, column "), message.c_str());
  QVERIFY2(message.find("more than 4096 levels") != std::string::npos, message.c_str());
}

void TestHostileModelFiles::bracketsInsideStringsDoNotCount() {
  // 10,000 '[' and '{' inside a string (with an escaped quote before them) are text, not nesting.
  const std::string text = kHeader + R"("note": "a \" )" + std::string(5000, '[') + std::string(5000, '{') +
                           R"(", "blocks": [], "connections": []})";
  QCOMPARE(errorOf(text), std::string());
}

void TestHostileModelFiles::deepSubsystemNestIsRefused() {
  const std::string message = errorOf(nestedSubsystems(5000));
  QVERIFY2(message.starts_with("JSON nested too deeply at line 1, column "), message.c_str());
}

void TestHostileModelFiles::subsystemsJustBelowTheLimitLoad() {
  const Model model = parseModel(nestedSubsystems(1000), "deep.kelvin");
  const Block* block = &model.blocks.at(0);
  int depth = 1;
  while (!block->blocks.empty() && block->blocks.front().type == "Subsystem") {
    block = &block->blocks.front();
    ++depth;
  }
  QCOMPARE(depth, 1000);
  QCOMPARE(block->blocks.at(0).id, std::string("K"));
}

void TestHostileModelFiles::subsystemsJustAboveTheLimitAreRefused() {
  try {
    parseModel(nestedSubsystems(1001), "deep.kelvin");
    QFAIL("a 1,001-deep subsystem nest loaded");
  } catch (const ModelError& e) {
    const Diagnostic& d = e.diagnostics().front();
    QCOMPARE(d.message, std::string("subsystems nested too deeply at s0/s1/s2/…/s999/s1000 (more than 1000 levels)"));
    QCOMPARE(d.blockId, std::string("s0/s1/s2/…/s999/s1000"));
  }
}

void TestHostileModelFiles::numberBeyondDoubleNamesTheKey() {
  const std::string text =
      kHeader +
      R"("blocks": [{"id": "R1", "type": "electrical.Resistor", "params": {"R": 1e999}}], "connections": []})";
  const std::string message = errorOf(text);
  QVERIFY2(message.find("(\"R\"): 1e999 is too large for a double") != std::string::npos, message.c_str());
  QVERIFY2(message.starts_with("number out of range at line 1, column "), message.c_str());
}

QTEST_APPLESS_MAIN(TestHostileModelFiles)
#include "tst_hostile_model_files.moc"
