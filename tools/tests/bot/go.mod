module github.com/rules-sycl/rules_sycl/tools/tests/bot

go 1.19

require (
	github.com/bazelbuild/remote-apis v0.0.0-20230411132548-35aee1c4a425
	google.golang.org/genproto v0.0.0-20230410155749-daa745c078e1
	google.golang.org/grpc v1.56.3
	google.golang.org/protobuf v1.30.0
)

require (
	cloud.google.com/go/longrunning v0.4.1 // indirect
	github.com/golang/protobuf v1.5.3 // indirect
	golang.org/x/net v0.9.0 // indirect
	golang.org/x/sys v0.7.0 // indirect
	golang.org/x/text v0.9.0 // indirect
)
