#include "recovery/recovery_store.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

#include <spdlog/spdlog.h>

namespace kelvin::gui {

namespace {

const QString kSuffix = QStringLiteral(".kelvin-recovery");
const QString kFormat = QStringLiteral("kelvin-recovery");

/// The lock that a copy's process holds while it runs: `<id>.lock` beside `<id>.kelvin-recovery`.
QString lockPathOf(const QString& copy) { return copy.left(copy.size() - kSuffix.size()) + QStringLiteral(".lock"); }

}  // namespace

RecoveryStore::RecoveryStore() {
  const QString id =
      QStringLiteral("%1-%2").arg(QCoreApplication::applicationPid()).arg(QDateTime::currentMSecsSinceEpoch());
  file_ = QDir(folder()).filePath(id + kSuffix);
  lock_ = std::make_unique<QLockFile>(lockPathOf(file_));
  lock_->setStaleLockTime(0);
  if (!lock_->tryLock(0)) spdlog::warn("recovery: cannot lock {}", lockPathOf(file_).toStdString());
}

RecoveryStore::~RecoveryStore() = default;

QString RecoveryStore::folder() {
  const QString path =
      QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("recovery"));
  QDir().mkpath(path);
  return path;
}

QList<RecoveryCopy> RecoveryStore::orphans() {
  QList<RecoveryCopy> copies;
  const QDir dir(folder());
  for (const QString& name : dir.entryList({QStringLiteral("*") + kSuffix}, QDir::Files)) {
    const QString path = dir.filePath(name);
    // A live process holds the lock; a dead one's lock is stale (QLockFile checks its PID), a clean exit removed it.
    QLockFile lock(lockPathOf(path));
    lock.setStaleLockTime(0);
    if (!lock.tryLock(0)) continue;
    lock.unlock();
    if (std::optional<RecoveryCopy> copy = read(path)) copies << *copy;
  }
  std::sort(copies.begin(), copies.end(),
            [](const RecoveryCopy& a, const RecoveryCopy& b) { return a.savedAt > b.savedAt; });
  return copies;
}

std::optional<RecoveryCopy> RecoveryStore::read(const QString& file) {
  QFile in(file);
  if (!in.open(QIODevice::ReadOnly)) return std::nullopt;
  const QJsonObject json = QJsonDocument::fromJson(in.readAll()).object();
  if (json.value(QStringLiteral("format")).toString() != kFormat) {
    spdlog::warn("recovery: {} is not a recovery copy", file.toStdString());
    return std::nullopt;
  }
  RecoveryCopy copy;
  copy.file = file;
  copy.originalPath = json.value(QStringLiteral("original_path")).toString();
  copy.baseHash = json.value(QStringLiteral("base_hash")).toString().toLatin1();
  copy.savedAt = QDateTime::fromString(json.value(QStringLiteral("saved_at")).toString(), Qt::ISODateWithMs);
  copy.modelText = json.value(QStringLiteral("model")).toString();
  return copy;
}

void RecoveryStore::discard(const RecoveryCopy& copy) {
  QFile::remove(copy.file);
  QFile::remove(lockPathOf(copy.file));
}

bool RecoveryStore::write(const QString& modelText, const QString& originalPath, const QByteArray& baseHash) {
  QJsonObject json;
  json.insert(QStringLiteral("format"), kFormat);
  json.insert(QStringLiteral("version"), 1);
  json.insert(QStringLiteral("original_path"), originalPath);
  json.insert(QStringLiteral("base_hash"), QString::fromLatin1(baseHash));
  json.insert(QStringLiteral("saved_at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
  json.insert(QStringLiteral("model"), modelText);
  QSaveFile out(file_);
  if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(json).toJson()) < 0 || !out.commit()) {
    spdlog::error("recovery: cannot write {}: {}", file_.toStdString(), out.errorString().toStdString());
    return false;
  }
  written_ = true;
  return true;
}

void RecoveryStore::remove() {
  if (!written_) return;
  QFile::remove(file_);
  written_ = false;
}

}  // namespace kelvin::gui
