// The .kelvin file: reading and writing the format of DESIGN.md (with
// subsystems, variables and parameters given as JSON numbers), keeping keys
// this version does not know, reporting malformed files with file, block and
// line, and saving atomically (no temporary file left behind, the old file
// untouched when saving fails).

#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "model/model_file.h"

using namespace kelvin::core;

class TestModelFile : public QObject {
  Q_OBJECT

 private slots:
  void designExampleRoundTrips();
  void subsystemRoundTrips();
  void variablesRoundTrip();
  void paramsMayBeJsonNumbers();
  void defaultsAreOmitted();
  void settingsAcceptSiStrings();
  void malformed_data();
  void malformed();
  void allProblemsReportedAtOnce();
  void saveThenLoad();
  void saveKeepsPermissions();
  void saveThroughSymlinkKeepsTheLink();
  void saveIntoMissingDirectoryFails();
  void failedSaveKeepsOldFile();
  void failedRenameLeavesNoTemporary();
  void loadMissingFileFails();
};

namespace {

// DESIGN.md's example, with keys this version does not know added at the top
// level, in settings, in a block and in a connection (each last in its
// object, where they are written back).
const char* kDesignExample = R"({
  "format": "kelvin-model", "version": 1, "name": "rc_lowpass",
  "settings": {"stop_time": "10u", "solver": "ida", "rtol": 1e-6, "atol": 1e-9,
               "step": "10n", "temperature": 300.15, "projection": true, "max_order": 3},
  "blocks": [
    {"id": "V1", "type": "electrical.VoltageSource", "params": {"V": "1"}, "pos": [0, 0]},
    {"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"}, "pos": [120, 0], "rotation": 0,
     "color": "#ff0000"},
    {"id": "C1", "type": "electrical.Capacitor", "params": {"C": "1n"}, "pos": [240, 40]},
    {"id": "G", "type": "electrical.Ground", "pos": [0, 120]}
  ],
  "connections": [
    {"from": "V1.p", "to": "R1.p"}, {"from": "R1.n", "to": "C1.p", "label": "out"},
    {"from": "C1.n", "to": "G.p"}, {"from": "V1.n", "to": "G.p", "points": [[0, 80]]}
  ],
  "author": {"name": "A. User", "tags": ["filter", 1]}
})";

const char* kSubsystem = R"({
  "format": "kelvin-model", "version": 1,
  "settings": {"stop_time": "1", "solver": "bdf2", "rtol": 0.001, "atol": 1e-06, "step": "1m",
               "temperature": 290, "projection": false},
  "blocks": [
    {"id": "Sub1", "type": "Subsystem", "params": {"Rs": "2k"}, "pos": [10.5, -20], "rotation": 90,
     "flipped": true,
     "ports": [{"name": "a", "domain": "electrical", "direction": "physical", "pos": [0, 10], "side": "left"},
               {"name": "y", "domain": "signal", "direction": "output", "pos": [40, 10]}],
     "blocks": [{"id": "R1", "type": "electrical.Resistor", "params": {"R": "Rs"}, "pos": [0, 0]},
                {"id": "Inner", "type": "Subsystem", "pos": [5, 5], "ports": [], "blocks": [], "connections": []}],
     "connections": [{"from": "a", "to": "R1.p"}]}
  ],
  "connections": []
})";

Json stripped(Json json) {
  json["blocks"][1].erase("rotation");  // R1's "rotation": 0 is not written back
  return json;
}

std::vector<std::string> temporaries(const QString& directory) {
  std::vector<std::string> names;
  for (const QString& name : QDir(directory).entryList(QDir::Files | QDir::Hidden))
    if (name.contains(".tmp-")) names.push_back(name.toStdString());
  return names;
}

QByteArray readAll(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(unreadable)");
}

}  // namespace

void TestModelFile::designExampleRoundTrips() {
  const Model model = parseModel(kDesignExample, "rc.kelvin");
  QCOMPARE(model.name, std::string("rc_lowpass"));
  QCOMPARE(model.settings.stopTime, std::string("10u"));
  QCOMPARE(model.settings.step, std::string("10n"));
  QCOMPARE(model.settings.rtol, 1e-6);
  QCOMPARE(model.settings.temperature, 300.15);
  QCOMPARE(model.settings.extra["max_order"].get<int>(), 3);
  QCOMPARE(model.blocks.size(), std::size_t{4});
  QCOMPARE(model.blocks[1].params.at("R"), std::string("1k"));
  QCOMPARE(model.blocks[1].extra["color"].get<std::string>(), std::string("#ff0000"));
  QCOMPARE(model.blocks[2].pos, (Point{240, 40}));
  QVERIFY(model.blocks[3].params.empty());
  QCOMPARE(model.connections.size(), std::size_t{4});
  QCOMPARE(model.connections[1].extra["label"].get<std::string>(), std::string("out"));
  QCOMPARE(model.connections[3].points, (std::vector<Point>{{0, 80}}));
  QVERIFY(model.extra.contains("author"));

  const std::string text = serializeModel(model);
  QCOMPARE(Json::parse(text), stripped(Json::parse(kDesignExample)));  // key order included
  QCOMPARE(serializeModel(parseModel(text, "rc.kelvin")), text);
}

void TestModelFile::subsystemRoundTrips() {
  const Model model = parseModel(kSubsystem, "sub.kelvin");
  QCOMPARE(model.settings.solver, std::string("bdf2"));
  QCOMPARE(model.settings.projection, false);
  const Block& sub = model.blocks.at(0);
  QCOMPARE(sub.rotation, 90.0);
  QVERIFY(sub.flipped);
  QCOMPARE(sub.pos, (Point{10.5, -20}));
  QCOMPARE(sub.ports.size(), std::size_t{2});
  QCOMPARE(sub.ports[0].domain, std::string("electrical"));
  QCOMPARE(sub.ports[0].direction, std::string("physical"));
  QCOMPARE(sub.ports[0].extra["side"].get<std::string>(), std::string("left"));
  QCOMPARE(sub.ports[1].direction, std::string("output"));
  QCOMPARE(sub.blocks.size(), std::size_t{2});
  QCOMPARE(sub.blocks[0].params.at("R"), std::string("Rs"));
  QCOMPARE(sub.connections.at(0).from, std::string("a"));
  QCOMPARE(Json::parse(serializeModel(model)), Json::parse(kSubsystem));
}

void TestModelFile::variablesRoundTrip() {
  Model model;
  model.variables = {{"f0", "50"}, {"w0", "2*pi*f0"}};
  const Model back = parseModel(serializeModel(model), "v.kelvin");
  QCOMPARE(back.variables.size(), std::size_t{2});
  QCOMPARE(back.variables[1].name, std::string("w0"));
  QCOMPARE(back.variables[1].value, std::string("2*pi*f0"));
  const Model numeric =
      parseModel(R"({"format": "kelvin-model", "version": 1, "variables": [{"name": "k", "value": 2.5}]})", "v.kelvin");
  QCOMPARE(numeric.variables.at(0).value, std::string("2.5"));
}

void TestModelFile::paramsMayBeJsonNumbers() {
  const Model model = parseModel(R"({"format": "kelvin-model", "version": 1, "blocks": [
      {"id": "X", "type": "t.T", "params": {"R": 1000, "C": 1e-9, "name": "1k", "ideal": true,
                                            "num": [1, 2.5], "A": [[1, 0], [0, "a"]]}}]})",
                                 "p.kelvin");
  const auto& params = model.blocks.at(0).params;
  QCOMPARE(params.at("R"), std::string("1000"));
  QCOMPARE(std::stod(params.at("C")), 1e-9);
  QCOMPARE(params.at("name"), std::string("1k"));
  QCOMPARE(params.at("ideal"), std::string("true"));
  QCOMPARE(params.at("num"), std::string("[1 2.5]"));
  QCOMPARE(params.at("A"), std::string("[1 0; 0 a]"));
  // Written back as text.
  QCOMPARE(Json::parse(serializeModel(model))["blocks"][0]["params"]["R"], Json("1000"));
}

void TestModelFile::defaultsAreOmitted() {
  Model model;
  Block plain;
  plain.id = "K1";
  plain.type = "signal.Gain";
  Block turned = plain;
  turned.id = "K2";
  turned.rotation = 270;
  turned.flipped = true;
  model.blocks = {plain, turned};
  const Json json = Json::parse(serializeModel(model));
  QVERIFY(!json["blocks"][0].contains("rotation"));
  QVERIFY(!json["blocks"][0].contains("flipped"));
  QVERIFY(!json["blocks"][0].contains("params"));
  QVERIFY(!json["blocks"][0].contains("ports"));
  QCOMPARE(json["blocks"][1]["rotation"], Json(270));
  QCOMPARE(json["blocks"][1]["flipped"], Json(true));
  QVERIFY(!json["settings"].contains("step"));  // empty: every accepted step
  QVERIFY(!json.contains("variables"));
  QVERIFY(!json.contains("name"));
  const std::string text = serializeModel(model);
  QVERIFY(text.starts_with("{\n  \"format\": \"kelvin-model\",\n  \"version\": 1,"));
  QVERIFY(text.ends_with("}\n"));
}

void TestModelFile::settingsAcceptSiStrings() {
  const Model model = parseModel(
      R"({"format": "kelvin-model", "version": 1,
          "settings": {"stop_time": 2, "rtol": "1m", "atol": "1n", "temperature": "300", "step": 0.001}})",
      "s.kelvin");
  QCOMPARE(model.settings.stopTime, std::string("2"));
  QCOMPARE(model.settings.rtol, 1e-3);
  QCOMPARE(model.settings.atol, 1e-9);
  QCOMPARE(model.settings.temperature, 300.0);
  QCOMPARE(std::stod(model.settings.step), 1e-3);
}

void TestModelFile::malformed_data() {
  QTest::addColumn<QString>("json");
  QTest::addColumn<QString>("blockId");
  QTest::addColumn<QString>("message");
  const QString head = R"({"format": "kelvin-model", "version": 1, )";
  QTest::newRow("syntax error") << "{\n  \"format\": \"kelvin-model\",\n  x\n}"
                                << ""
                                << "invalid JSON at line 3, column 3: syntax error while parsing object key";
  QTest::newRow("empty file") << ""
                              << ""
                              << "invalid JSON at line 1, column 1: syntax error";
  QTest::newRow("not an object") << "[1, 2]"
                                 << ""
                                 << "not a Kelvin model: the file is not a JSON object";
  QTest::newRow("no format") << R"({"version": 1})"
                             << ""
                             << "not a Kelvin model: no \"format\": \"kelvin-model\"";
  QTest::newRow("wrong format") << R"({"format": "qucs", "version": 1})"
                                << ""
                                << "not a Kelvin model: format is \"qucs\", expected \"kelvin-model\"";
  QTest::newRow("no version") << R"({"format": "kelvin-model"})"
                              << ""
                              << "\"version\" is missing or not an integer";
  QTest::newRow("newer version") << R"({"format": "kelvin-model", "version": 2})"
                                 << ""
                                 << "file format version 2 is newer than this Kelvin reads (up to 1)";
  QTest::newRow("block without id") << head + R"("blocks": [{"type": "a.B"}]})"
                                    << ""
                                    << "blocks[0] has no \"id\"";
  QTest::newRow("block without type") << head + R"("blocks": [{"id": "R1"}]})"
                                      << "R1"
                                      << "block has no \"type\"";
  QTest::newRow("duplicate id") << head + R"("blocks": [{"id": "R1", "type": "a.B"}, {"id": "R1", "type": "a.C"}]})"
                                << "R1"
                                << "duplicate block id 'R1'";
  QTest::newRow("duplicate inner id")
      << head + R"("blocks": [{"id": "S", "type": "Subsystem", "blocks": [{"id": "R1", "type": "a.B"},
                                                                  {"id": "R1", "type": "a.B"}]}]})"
      << "S/R1"
      << "duplicate block id 'R1'";
  QTest::newRow("inner block without type")
      << head + R"("blocks": [{"id": "S", "type": "Subsystem", "blocks": [{"id": "K"}]}]})"
      << "S/K"
      << "block has no \"type\"";
  QTest::newRow("bad pos") << head + R"("blocks": [{"id": "R1", "type": "a.B", "pos": [1]}]})"
                           << "R1"
                           << "\"pos\" must be [x, y]";
  QTest::newRow("bad param") << head + R"("blocks": [{"id": "R1", "type": "a.B", "params": {"R": null}}]})"
                             << "R1"
                             << "parameter R: must be a string or a number, not null";
  QTest::newRow("connection without to") << head + R"("connections": [{"from": "R1.p"}]})"
                                         << ""
                                         << "connections[0] has no \"to\" string";
  QTest::newRow("bad setting") << head + R"("settings": {"rtol": "tight"}})"
                               << ""
                               << "settings: \"rtol\" must be a number, not \"tight\"";
  QTest::newRow("blocks not an array") << head + R"("blocks": {}})"
                                       << ""
                                       << "\"blocks\" must be an array";
}

void TestModelFile::malformed() {
  QFETCH(QString, json);
  QFETCH(QString, blockId);
  QFETCH(QString, message);
  try {
    parseModel(json.toStdString(), "bad.kelvin");
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().size(), std::size_t{1});
    const Diagnostic& d = e.diagnostics().front();
    QCOMPARE(d.file, std::string("bad.kelvin"));
    QCOMPARE(QString::fromStdString(d.blockId), blockId);
    QVERIFY2(QString::fromStdString(d.message).startsWith(message), d.message.c_str());
  }
}

void TestModelFile::allProblemsReportedAtOnce() {
  try {
    parseModel(R"({"format": "kelvin-model", "version": 1,
                   "blocks": [{"id": "A"}, {"id": "B", "type": "x.Y"}, {"id": "B", "type": "x.Y"}]})",
               "bad.kelvin");
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().size(), std::size_t{2});
    QCOMPARE(e.diagnostics()[0].blockId, std::string("A"));
    QCOMPARE(e.diagnostics()[1].blockId, std::string("B"));
    QCOMPARE(std::string(e.what()), std::string("bad.kelvin:A: block has no \"type\"\n"
                                                "bad.kelvin:B: duplicate block id 'B'"));
  }
}

void TestModelFile::saveThenLoad() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const std::string path = dir.filePath("rc.kelvin").toStdString();
  const Model model = parseModel(kDesignExample, "rc.kelvin");
  saveModel(model, path);
  QCOMPARE(serializeModel(loadModel(path)), serializeModel(model));
  QCOMPARE(readAll(QString::fromStdString(path)), QByteArray::fromStdString(serializeModel(model)));
  QVERIFY(temporaries(dir.path()).empty());
  saveModel(parseModel(kSubsystem, "sub.kelvin"), path);  // over an existing file
  QCOMPARE(loadModel(path).blocks.at(0).id, std::string("Sub1"));
  QVERIFY(temporaries(dir.path()).empty());
}

void TestModelFile::saveKeepsPermissions() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("m.kelvin").toStdString();
  saveModel(Model{}, path);
  QVERIFY(::chmod(path.c_str(), 0640) == 0);
  saveModel(Model{}, path);
  struct stat info {};
  QVERIFY(::stat(path.c_str(), &info) == 0);
  QCOMPARE(info.st_mode & 07777, 0640u);
}

void TestModelFile::saveThroughSymlinkKeepsTheLink() {
  QTemporaryDir dir;
  const QString target = dir.filePath("real.kelvin");
  const QString link = dir.filePath("link.kelvin");
  saveModel(Model{}, target.toStdString());
  QVERIFY(QFile::link(target, link));
  Model named;
  named.name = "through the link";
  saveModel(named, link.toStdString());
  QVERIFY(QFileInfo(link).isSymLink());
  QCOMPARE(loadModel(target.toStdString()).name, std::string("through the link"));
  QVERIFY(temporaries(dir.path()).empty());
}

void TestModelFile::saveIntoMissingDirectoryFails() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("missing/m.kelvin").toStdString();
  try {
    saveModel(Model{}, path);
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().front().file, path);
    QVERIFY2(e.diagnostics().front().message.starts_with("cannot save: "), e.what());
  }
  QVERIFY(!QFile::exists(QString::fromStdString(path)));
  QVERIFY(temporaries(dir.path()).empty());
}

void TestModelFile::failedSaveKeepsOldFile() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("m.kelvin").toStdString();
  const Model good = parseModel(kDesignExample, "m.kelvin");
  saveModel(good, path);
  const QByteArray before = readAll(QString::fromStdString(path));
  Model bad = good;
  bad.blocks[0].params["V"] = "\xff\xfe";  // not UTF-8: JSON cannot hold it
  try {
    saveModel(bad, path);
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().front().file, path);
  }
  QCOMPARE(readAll(QString::fromStdString(path)), before);
  QVERIFY(temporaries(dir.path()).empty());
}

void TestModelFile::failedRenameLeavesNoTemporary() {
  // The temporary is written, but renaming it over a directory fails.
  QTemporaryDir dir;
  QVERIFY(QDir(dir.path()).mkdir("m.kelvin"));
  const std::string path = dir.filePath("m.kelvin").toStdString();
  try {
    saveModel(Model{}, path);
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QVERIFY2(e.diagnostics().front().message.starts_with("cannot save (rename): "), e.what());
  }
  QVERIFY(QFileInfo(QString::fromStdString(path)).isDir());
  QVERIFY(temporaries(dir.path()).empty());
}

void TestModelFile::loadMissingFileFails() {
  try {
    loadModel("/nonexistent/m.kelvin");
    QFAIL("no ModelError");
  } catch (const ModelError& e) {
    QCOMPARE(e.diagnostics().front().file, std::string("/nonexistent/m.kelvin"));
    QVERIFY2(e.diagnostics().front().message.starts_with("cannot read the model: No such file"), e.what());
  }
}

QTEST_APPLESS_MAIN(TestModelFile)
#include "tst_model_file.moc"
