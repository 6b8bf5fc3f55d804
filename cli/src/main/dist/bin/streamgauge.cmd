@echo off
rem streamgauge on Windows: the command against a cluster, results, compare and their reports
rem (local mode runs on Linux only). The same JVM and options as bin/streamgauge, with the JDK on
rem JAVA_HOME or the PATH.
setlocal
set "home=%~dp0.."
set "java=java"
if defined JAVA_HOME set "java=%JAVA_HOME%\bin\java"
"%java%" -Xmx256m -XX:+UseSerialGC %STREAMGAUGE_JAVA_OPTS% "-Dstreamgauge.home=%home%" -cp "%home%\lib\*" io.streamgauge.cli.Main %*
