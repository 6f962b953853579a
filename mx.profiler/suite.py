# mx suite for building ccsampler inside a GraalVM checkout (next to graal/truffle and graal/tools).
#
# Usage, from a directory that holds a graal checkout and this repository side by side:
#   cd ccsampler && mx --dynamicimports /tools build && mx --dynamicimports /tools unittest ccsampler
#
# The Maven build (pom.xml) is the reference build and the only one CI runs; this file mirrors its
# instrument module for GraalVM developers. mx itself never runs here (no mx and no graal checkout on
# these machines), so treat it as a starting point; MxSuiteLibrariesTest keeps its library versions equal to
# the pom's and its sha512 digests equal to the jars Maven resolved.
suite = {
    "mxversion": "7.0.0",
    "name": "profiler",
    "version": "0.1.0",
    "release": False,
    "groupId": "dev.ccsampler",
    "url": "https://github.com/ccsampler/ccsampler",
    "developer": {"name": "ccsampler developers"},

    "imports": {
        "suites": [
            {"name": "truffle", "subdir": True, "urls": [{"url": "https://github.com/oracle/graal", "kind": "git"}]},
            {"name": "tools", "subdir": True, "urls": [{"url": "https://github.com/oracle/graal", "kind": "git"}]},
        ]
    },

    "libraries": {
        "JACKSON_CORE": {
            "moduleName": "com.fasterxml.jackson.core",
            "maven": {"groupId": "com.fasterxml.jackson.core", "artifactId": "jackson-core", "version": "2.20.1"},
            "digest": "sha512:0463e1c2e1d8e8cfa4954dfce491583f0ec9ec1de6e6f342d1e5f0c63dcfb959673552a279ec4e6b6cc69e6ac2de6d42dd512149ceb76620b5d780db7325e6a7",
        },
        "HDRHISTOGRAM": {
            "maven": {"groupId": "org.hdrhistogram", "artifactId": "HdrHistogram", "version": "2.2.2"},
            "digest": "sha512:fb28f1bc3a3d4430474ea87a0833d56dc3d1303c98918122d93c630ebdb0d1323bbf8feb9ffdc7dddd1908105858e6959bdfdd3889ca5803cecde93a974ab6b7",
        },
        "PROTOBUF_JAVA": {
            "maven": {"groupId": "com.google.protobuf", "artifactId": "protobuf-java", "version": "4.33.1"},
            "digest": "sha512:1a64e3c5d26e81c8b055ffe794347124450eaede250a5116b58b874002d88e886037a8e2c8ab1fe0d01f3ddc10d08321e3319a4b47ea9608694f74b23fbc1cd5",
        },
        "JMC_FLIGHTRECORDER_WRITER": {
            "maven": {"groupId": "org.openjdk.jmc", "artifactId": "flightrecorder.writer", "version": "9.1.1"},
            "digest": "sha512:ee6ed5c58d9528f22b37c4909c30e8736bcf4a1f8258780cfb869cfaf6f7f4d699a323cfea41de733adc5c03c43bd26fb699ad54d1bb87afda8ea200ab3e51aa",
        },
    },

    "projects": {
        "dev.ccsampler": {
            "subDir": "instrument/src/main",
            "sourceDirs": ["java"],
            "resourceDirs": ["resources"],
            "dependencies": [
                "truffle:TRUFFLE_API",
                "sdk:POLYGLOT",
                "JACKSON_CORE",
                "HDRHISTOGRAM",
                "PROTOBUF_JAVA",
                "JMC_FLIGHTRECORDER_WRITER",
            ],
            "requires": ["jdk.jfr"],
            "annotationProcessors": ["truffle:TRUFFLE_DSL_PROCESSOR"],
            "javaCompliance": "21+",
            "checkstyle": None,
        },
    },

    "distributions": {
        "CCSAMPLER": {
            "moduleInfo": {"name": "dev.ccsampler"},
            "dependencies": ["dev.ccsampler"],
            "distDependencies": ["truffle:TRUFFLE_API"],
            "exclude": ["JACKSON_CORE", "HDRHISTOGRAM", "PROTOBUF_JAVA", "JMC_FLIGHTRECORDER_WRITER"],
            "description": "ccsampler: calling-context sampling profiler instrument for Truffle languages",
            "maven": True,
        },
    },
}
