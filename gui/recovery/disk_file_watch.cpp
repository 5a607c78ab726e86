#include "recovery/disk_file_watch.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

namespace kelvin::gui {

DiskFileWatch::DiskFileWatch(QObject* parent) : QObject(parent) {
  settle_.setSingleShot(true);
  settle_.setInterval(200);
  connect(&watcher_, &QFileSystemWatcher::fileChanged, &settle_, qOverload<>(&QTimer::start));
  connect(&watcher_, &QFileSystemWatcher::directoryChanged, &settle_, qOverload<>(&QTimer::start));
  connect(&settle_, &QTimer::timeout, this, &DiskFileWatch::check);
}

QByteArray DiskFileWatch::hashOf(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QCryptographicHash hash(QCryptographicHash::Sha256);
  hash.addData(&file);
  return hash.result().toHex();
}

void DiskFileWatch::watch(const QString& path) { watch(path, hashOf(path)); }

void DiskFileWatch::watch(const QString& path, const QByteArray& hash) {
  path_ = path;
  hash_ = hash;
  rewatch();
  if (changedSinceRecorded()) settle_.start();
}

void DiskFileWatch::acknowledge() {
  hash_ = hashOf(path_);
  rewatch();
}

bool DiskFileWatch::changedSinceRecorded() const { return !path_.isEmpty() && hashOf(path_) != hash_; }

bool DiskFileWatch::missing() const { return !path_.isEmpty() && !QFileInfo::exists(path_); }

void DiskFileWatch::rewatch() {
  if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
  if (!watcher_.directories().isEmpty()) watcher_.removePaths(watcher_.directories());
  if (path_.isEmpty()) return;
  if (QFileInfo::exists(path_)) watcher_.addPath(path_);
  watcher_.addPath(QFileInfo(path_).absolutePath());
}

void DiskFileWatch::check() {
  rewatch();  // a replaced file is a new inode: watch it again
  if (changedSinceRecorded()) Q_EMIT changedOnDisk(missing());
}

}  // namespace kelvin::gui
