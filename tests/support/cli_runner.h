#pragma once
// Test support: runs the kelvin-cli binary (KELVIN_CLI_PATH) as a script would and
// keeps its exit code, stdout and stderr. Header-only, for the Qt Test suites.

#include <QProcess>
#include <QString>
#include <QStringList>
#include <vector>

namespace kelvin::test {

struct CliRun {
  int exitCode = -1;  // -1: it crashed or did not finish in time
  QString out;
  QString err;
};

inline CliRun runCli(const QStringList& arguments, int timeoutMs = 120000) {
  QProcess process;
  process.start(QStringLiteral(KELVIN_CLI_PATH), arguments);
  CliRun run;
  if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit) return run;
  run.exitCode = process.exitCode();
  run.out = QString::fromUtf8(process.readAllStandardOutput());
  run.err = QString::fromUtf8(process.readAllStandardError());
  return run;
}

/// Rows of a CSV text, header dropped, every field read as a number.
inline std::vector<std::vector<double>> csvRows(const QString& csv) {
  std::vector<std::vector<double>> out;
  const QStringList lines = csv.split('\n', Qt::SkipEmptyParts);
  for (int i = 1; i < lines.size(); ++i) {
    std::vector<double> row;
    for (const QString& field : lines[i].split(',')) row.push_back(field.toDouble());
    out.push_back(row);
  }
  return out;
}

}  // namespace kelvin::test
